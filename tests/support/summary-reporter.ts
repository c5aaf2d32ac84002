import type { Reporter, TestModule } from 'vitest/node'

/**
 * Prints one plain closing line, `Tests: N passed, N failed, N skipped`, that CI reads, and
 * fails the run when no test executed at all: a green run that tested nothing is a defect.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    let passed = 0
    let failed = 0
    let skipped = 0
    for (const testModule of testModules) {
      for (const testCase of testModule.children.allTests()) {
        const state = testCase.result().state
        if (state === 'passed') passed++
        else if (state === 'failed') failed++
        else skipped++
      }
    }
    console.log(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped`)
    if (passed + failed === 0) {
      console.error('No test executed: failing the run.')
      process.exitCode = 1
    }
  }
}
