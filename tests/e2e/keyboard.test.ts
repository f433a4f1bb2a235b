import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'

import { baseURL, demo, phoneContext, suiteBrowser, typeCode } from './browser'

/*
 * Keyboard only (issue 8): from the login page to a completed transfer with Tab, Shift+Tab, Enter, Space, arrows
 * and typing; no click, no fill, no focus() from the test. Every stop of the focus must show where it is (an outline
 * or a ring), and Tab must always move it on: a stop that keeps the focus is a trap.
 */

const suite = suiteBrowser()

interface Stop {
  /** What a screen reader would roughly call it: its label, aria-label or text, with its tag and role. */
  what: string
  /** The element (or the label or option card around it, for `:has(:focus-visible)` styles) draws an outline. */
  visible: boolean
  /** Identity of the element across presses, to tell a trap from a move. */
  key: string
}

/** The element with focus, described; `null` when it is the page itself (nothing focused). */
function focused(page: Page): Promise<Stop | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    if (!el || el === document.body || el === document.documentElement) return null
    const input = el as HTMLInputElement
    const name = el.getAttribute('aria-label') ?? (input.labels?.[0]?.textContent ?? '').trim() ?? ''
    const text = name || (el.textContent ?? '').trim().slice(0, 40)
    const role = el.getAttribute('role') ?? ''
    // The app's focus rings are outlines (the recipes' and the global :focus-visible style); a box-shadow is not
    // counted, since cards and overlays carry one whether focused or not.
    const ring = (node: Element) => {
      const s = getComputedStyle(node)
      return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 1
    }
    let visible = el.matches(':focus-visible') && ring(el)
    // Some controls draw the ring on their card or label (`&:has(input:focus-visible)`).
    for (let node = el.parentElement, i = 0; !visible && node && i < 3; node = node.parentElement, i++) {
      visible = el.matches(':focus-visible') && ring(node)
    }
    if (!el.dataset.kbdKey) el.dataset.kbdKey = String(Math.random())
    return { what: `${el.tagName.toLowerCase()}${role ? `[role=${role}]` : ''} "${text}"`, visible, key: el.dataset.kbdKey }
  })
}

/**
 * Presses `key` (Tab or Shift+Tab) until the focused element's description matches `target`, checking each stop
 * on the way: the focus is visible and it moved. Fails with the path taken when the target is not reached.
 */
async function tabTo(page: Page, target: RegExp, key: 'Tab' | 'Shift+Tab' = 'Tab', max = 30): Promise<void> {
  const path: string[] = []
  let previous = await focused(page)
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key)
    const stop = await focused(page)
    expect(stop, `${key} left the focus nowhere after ${path.join(' → ') || 'the start'}`).not.toBeNull()
    expect(stop!.key, `${key} did not move the focus from ${stop!.what}: a keyboard trap`).not.toBe(previous?.key)
    expect(stop!.visible, `the focus on ${stop!.what} is not visible`).toBe(true)
    path.push(stop!.what)
    if (target.test(stop!.what)) return
    previous = stop
  }
  throw new Error(`${key} never reached ${target} in ${max} presses: ${path.join(' → ')}`)
}

async function focusedMatches(page: Page, target: RegExp): Promise<boolean> {
  const stop = await focused(page)
  return stop !== null && target.test(stop.what)
}

describe('keyboard only, on a phone (390×844)', () => {
  it('signs in and sends money with the keyboard alone, the focus always visible and never trapped', async () => {
    const context = await phoneContext(suite.browser)
    const page = await context.newPage()
    const { email, password, pin } = demo()

    await page.goto(baseURL())
    await page.getByRole('button', { name: 'Log in' }).waitFor()
    await tabTo(page, /^input "Email address"/)
    await page.keyboard.type(email)
    await tabTo(page, /^input "Password"/)
    await page.keyboard.type(password)
    await tabTo(page, /^button "Log in"/)
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.pathname === '/home')
    await page.getByTestId('wallet-balance').filter({ hasText: /^₦/ }).waitFor()

    await tabTo(page, /^a "Send Money"/)
    await page.keyboard.press('Enter')
    const sheet = page.getByRole('dialog', { name: 'Send Money' })
    await sheet.waitFor()
    // The sheet takes the focus; Tab stays inside it (a modal), which is not a trap: Escape leaves.
    await tabTo(page, /^input\[role=combobox\] "Bank"/)
    await page.keyboard.type('Access')
    await page.getByRole('option', { name: 'Access Bank', exact: true }).waitFor()
    // The list opens on the first match; arrows move through it, Enter takes the one highlighted.
    while (
      (await page.getByRole('combobox', { name: 'Bank' }).getAttribute('aria-activedescendant')) !==
      (await page.getByRole('option', { name: 'Access Bank', exact: true }).getAttribute('id'))
    ) {
      await page.keyboard.press('ArrowDown')
    }
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByRole('combobox', { name: 'Bank' }).inputValue()).toBe('Access Bank')
    await tabTo(page, /^input "Account number"/)
    await page.keyboard.type('0690000032')
    await expect.poll(() => page.getByTestId('resolved-account-name').textContent(), { timeout: 10_000 }).toMatch(/\w+ \w+/)
    await tabTo(page, /^input "Amount"/)
    await page.keyboard.type('1500')
    await page.getByText(/^Charge: ₦/).waitFor()
    // Back and forth: Shift+Tab returns to the account number, Tab comes back.
    await tabTo(page, /^input "Account number"/, 'Shift+Tab')
    await tabTo(page, /^input "Amount"/)
    await tabTo(page, /^button "Proceed"/)
    await page.keyboard.press('Space')

    const confirm = page.getByRole('dialog', { name: 'Confirm Payment' })
    await confirm.getByText('Total').waitFor()
    await tabTo(page, /^button "Send money"/)
    await page.keyboard.press('Enter')

    const pinDialog = page.getByRole('alertdialog', { name: 'Enter your transaction PIN' })
    await pinDialog.waitFor()
    // The PIN dialog puts the focus in its first box, so the digits can be typed at once.
    await expect.poll(() => focusedMatches(page, /^input "Transaction PIN, digit 1 of 4"/)).toBe(true)
    await typeCode(page, pin)

    const outcome = page.getByRole('dialog', { name: 'Transfer Successful' })
    await outcome.waitFor({ timeout: 15_000 })
    const description = await outcome.getAttribute('aria-describedby')
    expect(await page.locator(`[id="${description}"]`).textContent()).toMatch(/^₦1,500\.00 has been sent to \w+ \w+/)
    await expect.poll(() => focusedMatches(page, /^button "Okay"/)).toBe(true)
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.pathname === '/home')
    await context.close()
  })
})
