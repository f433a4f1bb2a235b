import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from 'playwright-core'

/** WCAG 2.0 and 2.1, levels A and AA: what the issue asks for (axe's best-practice rules are not in it). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/** The two sizes every screen is checked at: a phone, and a laptop (the side-panel layout). */
export const VIEWPORTS = [
  { name: '390×844', width: 390, height: 844 },
  { name: '1280×800', width: 1280, height: 800 },
] as const

export interface Finding {
  screen: string
  viewport: string
  rule: string
  impact: string
  help: string
  helpUrl: string
  targets: string[]
}

/**
 * Waits until the page is still: no finite CSS animation or transition running (a sheet sliding in, a fade), so
 * colours are measured at rest rather than half-way through an opacity change. Endless ones (spinners, skeleton
 * pulses) are ignored; a screen's own readiness check waits for its data.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.getAnimations().every((a) => {
        const timing = a.effect?.getComputedTiming()
        return a.playState !== 'running' || timing?.iterations === Infinity
      }),
    undefined,
    { timeout: 5_000 },
  )
}

/**
 * axe over the whole page as it is now, through @axe-core/playwright, tuned for ~190 checks in one run:
 * - legacy mode runs axe in the page itself (one call) instead of partial runs finished in a blank extra page,
 *   which costs a new page per check; the app has no cross-origin frames, which the partial mode exists for;
 * - AxeBuilder evaluates axe's 0.5 MB source (page.evaluate, not a <script>, so the CSP's script-src 'self' does
 *   not block it) twice per check; once it is in the document, it is handed an empty source instead;
 * - only violations are collected (not every passing node).
 */
export async function axeViolations(page: Page) {
  await settle(page)
  const present = await page.evaluate(() => typeof (window as { axe?: unknown }).axe !== 'undefined')
  const results = await new AxeBuilder({ page, axeSource: present ? ';' : undefined })
    .withTags(WCAG_TAGS)
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze()
  return results.violations
}

/** Serious and critical violations only (the bar); the others are counted but do not fail. */
export async function audit(page: Page, screen: string, viewport: string): Promise<{ failing: Finding[]; minor: Finding[] }> {
  const failing: Finding[] = []
  const minor: Finding[] = []
  for (const v of await axeViolations(page)) {
    const finding = {
      screen,
      viewport,
      rule: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      helpUrl: v.helpUrl,
      targets: v.nodes.map((n) => n.target.map(String).join(' ')),
    }
    ;(v.impact === 'serious' || v.impact === 'critical' ? failing : minor).push(finding)
  }
  return { failing, minor }
}

/** One line per violation, with where it is and what to do: enough to fix it without re-running anything. */
export function describeFindings(findings: readonly Finding[]): string {
  return findings
    .map(
      (f) =>
        `${f.screen} @ ${f.viewport}: [${f.impact}] ${f.rule}: ${f.help}\n` +
        f.targets
          .slice(0, 5)
          .map((t) => `    ${t}`)
          .join('\n') +
        (f.targets.length > 5 ? `\n    … and ${f.targets.length - 5} more` : '') +
        `\n    ${f.helpUrl}`,
    )
    .join('\n')
}
