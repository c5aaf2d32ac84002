import { afterEach, beforeEach, vi, type MockInstance } from 'vitest'

type Level = 'error' | 'warn'
const expected = new Set<Level>()
const spies = new Map<Level, MockInstance>()

/** Marks console output of this level as expected in the current test and returns its spy to assert on. */
export function expectConsole(level: Level): MockInstance {
  expected.add(level)
  return spies.get(level)!
}

/** Any console.error / console.warn a test did not announce fails that test. */
export function installConsoleGuard() {
  beforeEach(() => {
    expected.clear()
    for (const level of ['error', 'warn'] as const) {
      spies.set(level, vi.spyOn(console, level).mockImplementation(() => {}))
    }
  })

  afterEach(() => {
    const problems: string[] = []
    for (const [level, spy] of spies) {
      if (!expected.has(level) && spy.mock.calls.length > 0) {
        problems.push(...spy.mock.calls.map((args) => `console.${level}: ${args.map(String).join(' ')}`))
      }
      spy.mockRestore()
    }
    spies.clear()
    if (problems.length > 0) throw new Error(`Unexpected console output:\n${problems.join('\n')}`)
  })
}
