import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { FIXED_ON_EDIT } from '#app/features/coupons/components/coupon-form-sheet'
import { belowUsageMessage, COUPON_MESSAGES } from '#app/features/coupons/coupon-form'
import { endpoints } from '#contract/index'

import { coupon, couponPage } from '../fixtures'
import { handle, ok, renderApp, server, useAppHarness } from '../harness'

useAppHarness()

/* Edit Coupon (issue 22): the Create Coupon form, prefilled, saving through PATCH /coupon what may change. */

type Answer = (body: Record<string, unknown>) => Response

function couponApi(answer?: Answer) {
  let current = coupon({ isActive: true, state: 'active', startDate: '2026-11-01', endDate: '2026-12-31', currentUsage: 3 })
  const sent: Record<string, unknown>[] = []
  server.use(
    handle(endpoints.listCoupons, () => ok(couponPage([current]))),
    handle(endpoints.couponDetail, () => ok(current)),
    handle(endpoints.updateCoupon, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>
      sent.push(body)
      if (answer) return answer(body)
      current = { ...current, ...body }
      return ok(current, 'Coupon updated')
    }),
  )
  return sent
}

type User = ReturnType<typeof renderApp>['user']
const input = (sheet: HTMLElement, label: string) => within(sheet).getByLabelText(label) as HTMLInputElement

async function openEdit(user: User) {
  const details = await screen.findByRole('dialog', { name: 'Coupon Details' })
  await user.click(await within(details).findByRole('button', { name: 'Edit coupon' }))
  return screen.findByRole('dialog', { name: 'Edit Coupon' })
}

async function replace(user: User, field: HTMLInputElement, text: string) {
  await user.clear(field)
  if (text) await user.type(field, text)
}

describe('Edit Coupon', () => {
  it('opens prefilled, sends only what changed, toasts the server’s message and shows the coupon as saved', async () => {
    const sent = couponApi()
    const { user } = renderApp('/products/coupons/coupon-1')
    const sheet = await openEdit(user)
    expect(within(sheet).getByText(FIXED_ON_EDIT)).toBeTruthy()
    expect(input(sheet, 'Name').value).toBe('December sale')
    expect(input(sheet, 'Description').value).toBe('Ten percent off every order in December.')
    expect(input(sheet, 'Maximum usage').value).toBe('100')
    expect(input(sheet, 'End date').value).toBe('2026-12-31')
    // What orders and shared links already quote is shown, and cannot be changed.
    for (const [label, value] of [
      ['Coupon code', 'DEC10'],
      ['Value type', 'PERCENTAGE'],
      ['Value', '10'],
      ['Start date', '2026-11-01'],
    ] as const) {
      expect(input(sheet, label).value, label).toBe(value)
      expect(input(sheet, label).disabled, label).toBe(true)
    }

    await replace(user, input(sheet, 'Name'), 'Christmas sale')
    await replace(user, input(sheet, 'Maximum usage'), '250')
    await replace(user, input(sheet, 'End date'), '2027-01-06')
    await user.click(within(sheet).getByRole('button', { name: 'Save changes' }))

    expect(await screen.findByRole('status', { name: 'Coupon updated' })).toBeTruthy()
    expect(sent).toEqual([{ id: 'coupon-1', name: 'Christmas sale', maxUsage: 250, endDate: '2027-01-06' }])
    const details = await screen.findByRole('dialog', { name: 'Coupon Details' })
    expect(within(details).getByText('Christmas sale')).toBeTruthy()
    expect(within(details).getByText('3 of 250 used')).toBeTruthy()
    expect(screen.queryByRole('dialog', { name: 'Edit Coupon' })).toBeNull()
  })

  it('says what is wrong under each field and sends nothing: empty name, fewer uses than used, end before start', async () => {
    const sent = couponApi()
    const { user } = renderApp('/products/coupons/coupon-1')
    const sheet = await openEdit(user)
    await replace(user, input(sheet, 'Name'), '')
    await replace(user, input(sheet, 'Maximum usage'), '2')
    await replace(user, input(sheet, 'End date'), '2026-10-31')
    await user.click(within(sheet).getByRole('button', { name: 'Save changes' }))
    expect(await within(sheet).findByText(COUPON_MESSAGES.name)).toBeTruthy()
    expect(within(sheet).getByText(belowUsageMessage(3))).toBeTruthy()
    expect(within(sheet).getByText(COUPON_MESSAGES.endBeforeStart)).toBeTruthy()
    expect(sent).toEqual([])
    // A start date in the past is the coupon's own: no "cannot be before today" on an edit.
    expect(within(sheet).queryByText(COUPON_MESSAGES.startBeforeToday)).toBeNull()
  })

  it('places the server’s refusal under its field (a use taken meanwhile) and keeps the form open', async () => {
    const refusal = 'must be at least 5, the times it has been used'
    const sent = couponApi(() =>
      Response.json(
        { message: `maxUsage: ${refusal}`, code: 'VALIDATION_FAILED', issues: [{ path: 'maxUsage', message: refusal }] },
        { status: 422 },
      ),
    )
    const { user } = renderApp('/products/coupons/coupon-1')
    const sheet = await openEdit(user)
    await replace(user, input(sheet, 'Maximum usage'), '4')
    await user.click(within(sheet).getByRole('button', { name: 'Save changes' }))
    expect(await within(sheet).findByText('Must be at least 5, the times it has been used.')).toBeTruthy()
    expect(sent).toEqual([{ id: 'coupon-1', maxUsage: 4 }])
    expect(input(sheet, 'Maximum usage').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByRole('dialog', { name: 'Edit Coupon' })).toBeTruthy()
  })

  it('Cancel, or a save with nothing changed, goes back to the details without a call', async () => {
    const sent = couponApi()
    const { user } = renderApp('/products/coupons/coupon-1')
    let sheet = await openEdit(user)
    await user.click(within(sheet).getByRole('button', { name: 'Cancel' }))
    expect(await screen.findByRole('dialog', { name: 'Coupon Details' })).toBeTruthy()
    sheet = await openEdit(user)
    await user.click(within(sheet).getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByRole('dialog', { name: 'Coupon Details' })).toBeTruthy()
    expect(sent).toEqual([])
  })

  it('is offered to a member who manages the catalogue (VENDOR_INVENTORY)', async () => {
    couponApi()
    renderApp('/products/coupons/coupon-1', { role: 'member', permissions: ['VENDOR_INVENTORY'] })
    const details = await screen.findByRole('dialog', { name: 'Coupon Details' })
    expect(await within(details).findByRole('button', { name: 'Edit coupon' })).toBeTruthy()
  })

  it('a cashier without VENDOR_INVENTORY gets no coupon screen, so no Edit coupon', async () => {
    couponApi()
    renderApp('/products/coupons/coupon-1', { role: 'member', permissions: ['VENDOR_OUTLETS', 'VENDOR_TRANSACTIONS'] })
    expect(await screen.findByText(/^Your role does not include/)).toBeTruthy()
    expect(screen.queryByRole('dialog', { name: 'Coupon Details' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Edit coupon' })).toBeNull()
  })
})
