import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'

import { SEND_LIMITS, SETTLEMENT } from '../fixtures'
import { fail, handle, ok, renderApp, server, useAppHarness } from '../harness'
import { api as sendApi, fillDetails, openSendMoney, proceed } from './send-money-helpers'

/* Payout settings: a settlement account cooling off (decision 143) and the transfer limits (decision 144). */

useAppHarness()

function payoutApi(options: { settlement?: unknown; limits?: unknown } = {}) {
  const calls: { cancel?: unknown; limits: unknown[] } = { limits: [] }
  let settlement = options.settlement ?? null
  let limits = options.limits ?? SEND_LIMITS
  server.use(
    handle(endpoints.vendorProfile, () =>
      ok({
        id: 'v',
        name: 'Mama Put Kitchen',
        email: 'd@v.test',
        phone: null,
        url: null,
        status: 'approved',
        createdAt: '2026-01-01T00:00:00.000Z',
      }),
    ),
    handle(endpoints.settlementAccount, () => ok(settlement as never)),
    handle(endpoints.thirdPartyTransfers, () => ok({ isEnabled: false })),
    handle(endpoints.vendorCharges, () => ok({ tiers: [], chargeBearer: 'vendor' })),
    handle(endpoints.sendLimits, () => ok(limits as never)),
    handle(endpoints.cancelSettlementChange, async ({ request }) => {
      calls.cancel = await request.json()
      settlement = { ...SETTLEMENT, accountNumber: '0123456789', accountName: 'MAMA PUT KITCHEN', usableFrom: null }
      return ok(settlement as never, 'Settlement account change cancelled')
    }),
    handle(endpoints.setSendLimits, async ({ request }) => {
      const body = (await request.json()) as { pin: string; perTransfer: number; daily: number }
      calls.limits.push(body)
      if (body.pin !== '1234') return fail(422, 'INVALID_PIN', 'Incorrect PIN. 4 attempts remaining.')
      limits = {
        ...SEND_LIMITS,
        perTransfer: 100_000_00,
        pendingRaise: { perTransfer: 100_000_00, daily: 30_000_000_00, from: '2026-12-06T13:05:00.000Z' },
      }
      return ok(limits as never, 'Limits saved: the higher limits apply after the waiting period')
    }),
  )
  return calls
}

describe('a settlement account cooling off', () => {
  it('says from when it takes payouts (Lagos time) and cancels back to the previous account', async () => {
    const calls = payoutApi({ settlement: { ...SETTLEMENT, usableFrom: '2026-12-06T13:05:00.000Z' } })
    const { user } = renderApp('/settings?tab=payout-settings')
    const card = await screen.findByRole('region', { name: 'Settlement account' })
    expect(await within(card).findByText(/Usable for payouts from 6 Dec 2026, 14:05\./)).toBeTruthy()
    await user.click(within(card).getByRole('button', { name: 'Cancel change' }))
    expect(await screen.findByRole('status', { name: 'Settlement account change cancelled' })).toBeTruthy()
    expect(calls.cancel).toEqual({ accountNumber: SETTLEMENT.accountNumber })
    expect(await within(card).findByText('0123456789')).toBeTruthy()
    expect(within(card).queryByText(/Usable for payouts from/)).toBeNull()
  })

  it('shows no notice for an account already usable', async () => {
    payoutApi({ settlement: { ...SETTLEMENT, usableFrom: null } })
    renderApp('/settings?tab=payout-settings')
    const card = await screen.findByRole('region', { name: 'Settlement account' })
    expect(await within(card).findByText(SETTLEMENT.accountNumber)).toBeTruthy()
    expect(within(card).queryByRole('button', { name: 'Cancel change' })).toBeNull()
  })
})

describe('transfer limits', () => {
  it('shows the limits and what is left today; the owner changes them with the PIN and sees when a raise applies', async () => {
    const calls = payoutApi()
    const { user } = renderApp('/settings?tab=payout-settings')
    const card = await screen.findByRole('region', { name: 'Transfer limits' })
    expect(await within(card).findByText('₦5,000,000.00')).toBeTruthy()
    expect(within(card).getByText('₦20,000,000.00')).toBeTruthy()
    expect(within(card).getByText('₦19,750,000.00')).toBeTruthy()

    await user.click(within(card).getByRole('button', { name: 'Change limits' }))
    const per = within(card).getByLabelText('Limit per transfer')
    await user.clear(per)
    await user.type(per, '100000')
    const daily = within(card).getByLabelText('Daily limit')
    await user.clear(daily)
    await user.type(daily, '30000000')
    await user.click(within(card).getByRole('button', { name: 'Save limits' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Change transfer limits' })
    await user.click(within(dialog).getByLabelText('Transaction PIN, digit 1 of 4'))
    await user.keyboard('1111')
    expect(await within(dialog).findByText('Incorrect PIN. 4 attempts remaining.')).toBeTruthy()
    await user.click(within(dialog).getByLabelText('Transaction PIN, digit 1 of 4'))
    await user.keyboard('1234')
    expect(await screen.findByRole('status', { name: 'Limits saved: the higher limits apply after the waiting period' })).toBeTruthy()
    expect(calls.limits.at(-1)).toEqual({ perTransfer: 100_000_00, daily: 30_000_000_00, pin: '1234' })
    expect(
      await within(card).findByText(
        /The new limits \(₦100,000.00 per transfer, ₦30,000,000.00 daily\) apply in full from 6 Dec 2026, 14:05\./,
      ),
    ).toBeTruthy()
  })

  it('a member sees them but cannot change them', async () => {
    payoutApi()
    renderApp('/settings?tab=payout-settings', { role: 'member', permissions: ['VENDOR_SETTINGS', 'VENDOR_TRANSFERS'] })
    const card = await screen.findByRole('region', { name: 'Transfer limits' })
    expect(await within(card).findByText('₦5,000,000.00')).toBeTruthy()
    expect(within(card).queryByRole('button', { name: 'Change limits' })).toBeNull()
  })
})

describe('Send Money, the Confirm step, before the PIN', () => {
  const sendButton = () => screen.getByRole('button', { name: 'Send money' }) as HTMLButtonElement

  async function toConfirm(user: Awaited<ReturnType<typeof openSendMoney>>['user'], amount = '5000') {
    await fillDetails(user, '0690000032', amount)
    await waitFor(() => expect(proceed().disabled).toBe(false))
    await user.click(proceed())
    return screen.findByRole('dialog', { name: 'Confirm Payment' })
  }

  it('says what the daily limit leaves today', async () => {
    sendApi()
    const { user } = await openSendMoney()
    const confirm = await toConfirm(user)
    expect(await within(confirm).findByText('₦19,750,000.00 of your ₦20,000,000.00 daily limit is left today.')).toBeTruthy()
    await waitFor(() => expect(sendButton().disabled).toBe(false))
  })

  it('an amount above the per-transfer limit is said there, and Send stays disabled', async () => {
    const calls = sendApi({ limits: { ...SEND_LIMITS, perTransfer: 4_000_00 } })
    const { user } = await openSendMoney()
    const confirm = await toConfirm(user)
    const alert = await within(confirm).findByRole('alert')
    expect(alert.textContent).toBe('Your limit per transfer is ₦4,000.00. ₦19,750,000.00 of your ₦20,000,000.00 daily limit is left today.')
    expect(sendButton().disabled).toBe(true)
    expect(calls.sends).toEqual([])
  })

  it('a settlement account still cooling off is said there, and Send stays disabled', async () => {
    const usableFrom = new Date(Date.now() + 60 * 60 * 1000).toISOString()
    sendApi({ thirdParty: false, settlement: { ...SETTLEMENT, usableFrom } })
    const { user } = await openSendMoney()
    await waitFor(() => expect((screen.getByLabelText('Account number') as HTMLInputElement).value).toBe(SETTLEMENT.accountNumber))
    await user.type(screen.getByLabelText('Amount'), '5000')
    await waitFor(() => expect(proceed().disabled).toBe(false))
    await user.click(proceed())
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Payment' })
    const alert = await within(confirm).findByRole('alert')
    expect(alert.textContent).toMatch(
      /^Your new settlement account can receive payouts from \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d \(Lagos time\)\./,
    )
    expect(sendButton().disabled).toBe(true)
  })
})
