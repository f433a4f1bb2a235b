import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { COUPON_MESSAGES, lagosToday } from '#app/features/coupons/coupon-form'
import { endpoints } from '#contract/index'

import { coupon, couponPage } from '../fixtures'
import { handle, ok, renderApp, server, useAppHarness } from '../harness'

useAppHarness()

// The form takes today when its sheet opens and these tests when they type a date: a run across Lagos midnight
// (23:00 UTC) would compare two different todays. The clock starts at noon in Lagos and runs on from there.
beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-10T11:00:00Z'), shouldAdvanceTime: true }))
afterEach(() => vi.useRealTimers())

type User = ReturnType<typeof renderApp>['user']

const DAY_MS = 24 * 60 * 60 * 1000
/** A Lagos day `n` days from today, yyyy-MM-dd. */
const day = (n: number) => new Date(Date.parse(`${lagosToday()}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10)

/** The coupon list plus POST /coupon, recording each body sent; `answer` decides the response. */
function couponApi(answer: (body: Record<string, unknown>) => Response = () => ok(coupon(), 'Coupon created')) {
  const sent: Record<string, unknown>[] = []
  let listed = 0
  server.use(
    handle(endpoints.listCoupons, () => {
      listed++
      return ok(couponPage(listed > 1 ? [coupon()] : []))
    }),
    handle(endpoints.createCoupon, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>
      sent.push(body)
      return answer(body)
    }),
  )
  return { sent, listed: () => listed }
}

async function openSheet(user: User) {
  await user.click(await screen.findByRole('link', { name: 'Create Coupon' }))
  return screen.findByRole('dialog', { name: 'Create Coupon' })
}

const input = (sheet: HTMLElement, label: string) => within(sheet).getByLabelText(label) as HTMLInputElement

async function fillValid(user: User, sheet: HTMLElement, overrides: { valueType?: 'FLAT' | 'PERCENTAGE'; value?: string } = {}) {
  // Pasted, not typed key by key: plain text fields need no keystroke rules, and typing them all is slow.
  for (const [label, text] of [
    ['Name', 'December sale'],
    ['Coupon code', 'DEC10'],
    ['Description', 'Ten percent off in December'],
  ] as const) {
    await user.click(input(sheet, label))
    await user.paste(text)
  }
  await user.selectOptions(input(sheet, 'Value type'), overrides.valueType ?? 'PERCENTAGE')
  await user.type(input(sheet, 'Value'), overrides.value ?? '12.5')
  await user.type(input(sheet, 'Maximum usage'), '100')
  await user.type(input(sheet, 'Start date'), day(1))
  await user.type(input(sheet, 'End date'), day(30))
}

const submit = (user: User, sheet: HTMLElement) => user.click(within(sheet).getByRole('button', { name: 'Create Coupon' }))

describe('Create Coupon', () => {
  it('requires every field, with a message under each, and sends nothing', async () => {
    const api = couponApi()
    const { user } = renderApp('/products/coupons')
    const sheet = await openSheet(user)
    await submit(user, sheet)
    for (const [label, message] of [
      ['Name', COUPON_MESSAGES.name],
      ['Coupon code', COUPON_MESSAGES.couponCode],
      ['Description', COUPON_MESSAGES.description],
      ['Value type', COUPON_MESSAGES.valueType],
      ['Value', COUPON_MESSAGES.value],
      ['Maximum usage', COUPON_MESSAGES.maxUsage],
      ['Start date', COUPON_MESSAGES.startDate],
      ['End date', COUPON_MESSAGES.endDate],
    ] as const) {
      const control = await waitFor(() => {
        const el = input(sheet, label)
        expect(el.getAttribute('aria-invalid')).toBe('true')
        return el
      })
      // The message is read with the field, not only shown near it.
      const described = control
        .getAttribute('aria-describedby')!
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
      expect(described, label).toContain(message)
    }
    expect(api.sent).toEqual([])
  })

  it('keeps the end date disabled until a start date is set, and refuses a start before today', async () => {
    couponApi()
    const { user } = renderApp('/products/coupons')
    const sheet = await openSheet(user)
    expect(input(sheet, 'End date').disabled).toBe(true)
    expect(input(sheet, 'Start date').min).toBe(lagosToday())

    await user.type(input(sheet, 'Start date'), day(-1))
    await user.tab()
    expect(await within(sheet).findByText(COUPON_MESSAGES.startBeforeToday)).toBeTruthy()
    expect(input(sheet, 'End date').disabled).toBe(false)

    await user.clear(input(sheet, 'Start date'))
    await user.type(input(sheet, 'Start date'), day(0))
    await user.tab()
    await waitFor(() => expect(within(sheet).queryByText(COUPON_MESSAGES.startBeforeToday)).toBeNull())

    // Clearing the start date disables (and empties) the end date again.
    await user.type(input(sheet, 'End date'), day(3))
    await user.clear(input(sheet, 'Start date'))
    expect(input(sheet, 'End date').disabled).toBe(true)
    expect(input(sheet, 'End date').value).toBe('')
  })

  it('refuses an end date before the start date (and a start after the end)', async () => {
    const api = couponApi()
    const { user } = renderApp('/products/coupons')
    const sheet = await openSheet(user)
    await fillValid(user, sheet)
    expect(input(sheet, 'End date').min).toBe(day(1))
    await user.clear(input(sheet, 'End date'))
    await user.type(input(sheet, 'End date'), day(0))
    await user.tab()
    expect(await within(sheet).findByText(COUPON_MESSAGES.endBeforeStart)).toBeTruthy()
    expect(within(sheet).getByText(COUPON_MESSAGES.startAfterEnd)).toBeTruthy()
    await submit(user, sheet)
    expect(api.sent).toEqual([])
  })

  it('takes only decimals in the value and only digits in the maximum usage', async () => {
    couponApi()
    const { user } = renderApp('/products/coupons')
    const sheet = await openSheet(user)
    // No value before its type: naira and percent are different numbers.
    expect(input(sheet, 'Value').disabled).toBe(true)

    await user.selectOptions(input(sheet, 'Value type'), 'FLAT')
    await user.type(input(sheet, 'Value'), '1a5-0e0.5x09')
    expect(input(sheet, 'Value').value).toBe('1,500.50')

    await user.selectOptions(input(sheet, 'Value type'), 'PERCENTAGE')
    expect(input(sheet, 'Value').value).toBe('')
    await user.type(input(sheet, 'Value'), '12.555')
    expect(input(sheet, 'Value').value).toBe('12.55')
    await user.clear(input(sheet, 'Value'))
    await user.type(input(sheet, 'Value'), '150')
    await user.tab()
    expect(await within(sheet).findByText(COUPON_MESSAGES.percentage)).toBeTruthy()

    await user.type(input(sheet, 'Maximum usage'), '1,0a0.5')
    expect(input(sheet, 'Maximum usage').value).toBe('1005')
  })

  it('sends a FLAT value in kobo with yyyy-MM-dd dates, then closes and refreshes the list', async () => {
    const api = couponApi()
    const { user, router } = renderApp('/products/coupons')
    await screen.findByText('No record found')
    const sheet = await openSheet(user)
    await fillValid(user, sheet, { valueType: 'FLAT', value: '1500.50' })
    await submit(user, sheet)

    expect(await screen.findByRole('status', { name: 'Coupon created' })).toBeTruthy()
    expect(api.sent).toEqual([
      {
        name: 'December sale',
        couponCode: 'DEC10',
        description: 'Ten percent off in December',
        valueType: 'FLAT',
        value: 150_050,
        maxUsage: 100,
        startDate: day(1),
        endDate: day(30),
      },
    ])
    await waitFor(() => expect(router.state.location.pathname).toBe('/products/coupons'))
    expect(await screen.findByText('December sale')).toBeTruthy()
    expect(api.listed()).toBe(2)
  })

  it('sends a PERCENTAGE value as the percentage itself', async () => {
    const api = couponApi()
    const { user } = renderApp('/products/coupons')
    const sheet = await openSheet(user)
    await fillValid(user, sheet, { valueType: 'PERCENTAGE', value: '12.5' })
    await submit(user, sheet)
    await waitFor(() => expect(api.sent).toHaveLength(1))
    expect(api.sent[0]).toMatchObject({ valueType: 'PERCENTAGE', value: 12.5 })
  })

  it('shows a duplicate code (409) under the code field, and lets it be changed', async () => {
    const api = couponApi((body) =>
      body.couponCode === 'DEC10'
        ? Response.json(
            {
              message: 'You already have a coupon with the code DEC10',
              code: 'COUPON_CODE_TAKEN',
              issues: [{ path: 'couponCode', message: 'is already used by another coupon' }],
            },
            { status: 409 },
          )
        : ok(coupon({ couponCode: String(body.couponCode) }), 'Coupon created'),
    )
    const { user } = renderApp('/products/coupons')
    const sheet = await openSheet(user)
    await fillValid(user, sheet)
    await submit(user, sheet)

    const code = input(sheet, 'Coupon code')
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'))
    expect(within(sheet).getByText('You already have a coupon with the code DEC10')).toBeTruthy()
    // Said once, in place: no toast on top.
    expect(screen.queryByRole('alert', { name: /already have a coupon/ })).toBeNull()

    await user.type(code, 'X')
    await waitFor(() => expect(within(sheet).queryByText('You already have a coupon with the code DEC10')).toBeNull())
    await submit(user, sheet)
    expect(await screen.findByRole('status', { name: 'Coupon created' })).toBeTruthy()
    expect(api.sent.map((b) => b.couponCode)).toEqual(['DEC10', 'DEC10X'])
  })

  it("puts the server's 422 for a field under that field", async () => {
    // The phone's clock can be behind the server's: the server's today is the one that counts.
    couponApi(() =>
      Response.json(
        {
          message: 'startDate: must not be before today',
          code: 'VALIDATION_FAILED',
          issues: [{ path: 'startDate', message: 'must not be before today' }],
        },
        { status: 422 },
      ),
    )
    const { user } = renderApp('/products/coupons')
    const sheet = await openSheet(user)
    await fillValid(user, sheet)
    await submit(user, sheet)
    await waitFor(() => expect(input(sheet, 'Start date').getAttribute('aria-invalid')).toBe('true'))
    expect(within(sheet).getByText('Must not be before today.')).toBeTruthy()
  })

  it('toasts a refusal that names no field with the server message', async () => {
    couponApi(() => Response.json({ message: 'Coupons are paused for this shop', code: 'FORBIDDEN' }, { status: 403 }))
    const { user } = renderApp('/products/coupons')
    const sheet = await openSheet(user)
    await fillValid(user, sheet)
    await submit(user, sheet)
    expect(await screen.findByRole('alert', { name: 'Coupons are paused for this shop' })).toBeTruthy()
    expect(screen.getByRole('dialog', { name: 'Create Coupon' })).toBeTruthy()
  })
})
