import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'

const require = createRequire(import.meta.url)
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

export interface AxeViolation {
  id: string
  impact: string | null
  help: string
  targets: string[]
}

/**
 * Runs axe-core in the page and returns the serious and critical violations (WCAG 2 A/AA).
 * A screen is judged once its animations have finished; a toast that starts leaving while axe
 * runs (sonner closes one after 4 s) can still be caught half faded, so a run with violations
 * is repeated, and only violations found in three runs in a row are reported: a real one never
 * goes away by waiting.
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  let violations: AxeViolation[] = []
  for (let attempt = 0; attempt < 3; attempt++) {
    violations = await seriousViolationsOnce(page)
    if (violations.length === 0) return violations
    await page.waitForTimeout(500)
  }
  return violations
}

async function seriousViolationsOnce(page: Page): Promise<AxeViolation[]> {
  // A toast or dialog halfway through its fade-in has half its contrast: judge the screen
  // once running animations and transitions have finished.
  // (Endless ones, like a spinner, never finish and are left out.)
  await page.waitForFunction(
    () => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity),
    undefined,
    { timeout: 5_000 },
  )
  // Evaluated through the DevTools protocol: the app's CSP (rightly) refuses inline scripts.
  await page.evaluate(axeSource)
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> }> }> } }).axe
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }))
  })
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
}
