import { onlineManager } from '@tanstack/react-query'
import { act, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'

import { OFFLINE_MONEY_MESSAGE } from '#app/lib/online'
import { MONEY_KEYS } from '#app/lib/query-keys'
import { endpoints } from '#contract/index'
import { PERMISSIONS } from '#contract/permissions'

import { charges } from '../fixtures'
import { fail, handle, ok, renderApp, server, useAppHarness } from '../harness'
import { typePin } from '../money/send-money-helpers'
import { order } from '../sales-fixtures'

useAppHarness()
// The sheet shows the transfer charge of the amount; ₦25.00 (the BELOW50000 tier, as for ₦10,000.00) for any here.
beforeEach(() => server.use(handle(endpoints.transferCharges, () => ok(charges(2_500, 'BELOW50000')))))

interface Refunds {
  calls: { key: string | null; body: Record<string, unknown> }[]
}

/** A partly refunded order: ₦11,175.00 paid, ₦1,175.00 already refunded, ₦10,000.00 left to refund. */
function api(answers: ((n: number) => Response)[] = []): Refunds {
  const refunds: Refunds = { calls: [] }
  server.use(
    handle(endpoints.orderDetail, () => ok(order({ amountRefunded: 117_500, refundableAmount: 1_000_000 }))),
    handle(endpoints.refundOrder, async ({ request }) => {
      refunds.calls.push({ key: request.headers.get('Idempotency-Key'), body: (await request.json()) as Record<string, unknown> })
      const answer = answers[refunds.calls.length - 1]
      return answer
        ? answer(refunds.calls.length)
        : ok(order({ status: 'refunded', amountRefunded: 1_117_500, refundableAmount: 0, canRefund: false }), 'Refund of ₦100.00 initiated')
    }),
  )
  return refunds
}

async function openRefund() {
  const app = renderApp('/orders/ORD-A1B2C3/refund')
  await screen.findByLabelText('Amount')
  return { ...app, sheet: screen.getByRole('dialog', { name: 'Initiate Refund' }) }
}

const amountField = (sheet: HTMLElement) => within(sheet).getByLabelText('Amount') as HTMLInputElement
const submit = (sheet: HTMLElement) => within(sheet).getByRole('button', { name: 'Initiate Refund' }) as HTMLButtonElement

type User = ReturnType<typeof renderApp>['user']

/** Initiate Refund → the confirm step, whose rows are answered as label → value. */
async function proceed(user: User, sheet: HTMLElement) {
  await user.click(submit(sheet))
  const confirm = await screen.findByRole('dialog', { name: 'Confirm Refund' })
  const refund = within(confirm).getByRole('button', { name: 'Refund' }) as HTMLButtonElement
  // Enabled once the charge, and so the total, is known.
  await waitFor(() => expect(refund.disabled).toBe(false))
  const rows = Object.fromEntries([...confirm.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]))
  return { confirm, rows }
}

/** Confirm step → Refund → the PIN dialog, with `pin` typed (the fourth digit submits). */
async function authorise(user: User, confirm: HTMLElement, pin = '1234') {
  await user.click(within(confirm).getByRole('button', { name: 'Refund' }))
  const dialog = await screen.findByRole('alertdialog', { name: 'Enter your transaction PIN' })
  await typePin(user, dialog, pin)
  return dialog
}

describe('Initiate Refund', () => {
  it('FULL (the default) fixes the amount to what is left to refund, and sends it with an Idempotency-Key', async () => {
    const refunds = api()
    const { sheet, user, queryClient } = await openRefund()
    expect((within(sheet).getByRole('radio', { name: 'Full' }) as HTMLInputElement).checked).toBe(true)
    expect(amountField(sheet).value).toBe('10,000.00')
    expect(amountField(sheet).disabled).toBe(true)
    // A refund is a bank transfer: the charge the wallet pays on top is shown before committing.
    expect(await within(sheet).findByText(/Charge: ₦25\.00/)).toBeTruthy()
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries')

    // The confirm step: what leaves the wallet and where it goes, before the PIN; nothing is sent yet.
    const { confirm, rows } = await proceed(user, sheet)
    expect(rows).toEqual({
      Refund: '₦10,000.00',
      Charge: '₦25.00',
      'Total from your wallet': '₦10,025.00',
      To: 'Chukwuemeka Obi',
      Bank: 'Guaranty Trust Bank',
      'Account number': '0123456789',
    })
    expect(refunds.calls).toEqual([])
    await user.click(within(confirm).getByRole('button', { name: 'Refund' }))
    const pin = await screen.findByRole('alertdialog', { name: 'Enter your transaction PIN' })
    expect(within(pin).getByText('Enter your 4-digit PIN to refund ₦10,000.00 to Chukwuemeka Obi.')).toBeTruthy()
    expect(refunds.calls).toEqual([])
    await typePin(user, pin, '1234')
    await waitFor(() => expect(refunds.calls).toHaveLength(1))
    // With the account the confirm step showed: the server refuses if a new payment has since changed it.
    expect(refunds.calls[0]!.body).toEqual({
      reference: 'ORD-A1B2C3',
      status: 'refunded',
      amount: 1_000_000,
      refundAccount: { accountNumber: '0123456789', bankName: 'Guaranty Trust Bank' },
      pin: '1234',
    })
    expect(refunds.calls[0]!.key).toMatch(/^[0-9a-f-]{36}$/)
    expect(await screen.findByRole('status', { name: 'Refund of ₦100.00 initiated' })).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Initiate Refund' })).toBeNull())
    const invalidated = invalidate.mock.calls.map(([filters]) => filters?.queryKey)
    for (const key of MONEY_KEYS) expect(invalidated).toContainEqual(key)
  })

  it('PARTIAL needs an amount typed by hand, refuses more than is left to refund, and the reason is optional', async () => {
    const refunds = api()
    const { sheet, user } = await openRefund()
    await user.click(within(sheet).getByRole('radio', { name: 'Partial' }))
    expect(amountField(sheet).disabled).toBe(false)
    expect(amountField(sheet).value).toBe('')
    expect(submit(sheet).disabled).toBe(true)

    await user.type(amountField(sheet), '10000.01')
    expect(within(sheet).getByText('Amount cannot be more than ₦10,000.00: the amount paid less earlier refunds.')).toBeTruthy()
    expect(amountField(sheet).getAttribute('aria-invalid')).toBe('true')
    expect(submit(sheet).disabled).toBe(true)

    await user.clear(amountField(sheet))
    await user.type(amountField(sheet), '2500.5')
    expect(within(sheet).queryByText(/Amount cannot be more than/)).toBeNull()
    await user.type(within(sheet).getByLabelText('Reason (optional)'), 'Two plates were cold')
    const { confirm, rows } = await proceed(user, sheet)
    expect(rows).toMatchObject({ Refund: '₦2,500.50', Reason: 'Two plates were cold' })
    await authorise(user, confirm)
    await waitFor(() => expect(refunds.calls).toHaveLength(1))
    expect(refunds.calls[0]!.body).toEqual({
      reference: 'ORD-A1B2C3',
      status: 'refunded',
      amount: 250_050,
      narration: 'Two plates were cold',
      refundAccount: { accountNumber: '0123456789', bankName: 'Guaranty Trust Bank' },
      pin: '1234',
    })
  })

  it('compares a partial refund with the amount paid when nothing was refunded before', async () => {
    server.use(handle(endpoints.orderDetail, () => ok(order())))
    const { sheet, user } = await openRefund()
    await user.click(within(sheet).getByRole('radio', { name: 'Partial' }))
    await user.type(amountField(sheet), '20000')
    expect(within(sheet).getByText('Amount cannot be more than the amount paid (₦11,175.00).')).toBeTruthy()
  })

  it('says when the limit is what one refund can return to the account that paid (several payers)', async () => {
    server.use(handle(endpoints.orderDetail, () => ok(order({ refundableAmount: 500_000 }))))
    const { sheet, user } = await openRefund()
    expect(within(sheet).getByText('₦5,000.00')).toBeTruthy()
    await user.click(within(sheet).getByRole('radio', { name: 'Partial' }))
    await user.type(amountField(sheet), '6000')
    expect(
      within(sheet).getByText('Amount cannot be more than ₦5,000.00: the most one refund can return to the account that paid.'),
    ).toBeTruthy()
  })

  it('is disabled offline, saying why', async () => {
    const refunds = api()
    const { sheet } = await openRefund()
    act(() => onlineManager.setOnline(false))
    expect(await within(sheet).findByText(OFFLINE_MONEY_MESSAGE)).toBeTruthy()
    expect(submit(sheet).disabled).toBe(true)
    act(() => onlineManager.setOnline(true))
    await waitFor(() => expect(submit(sheet).disabled).toBe(false))
    expect(refunds.calls).toHaveLength(0)
  })

  it('retries an unanswered refund with the same key, and a refused one with a new key, said on the confirm step', async () => {
    const refunds = api([() => fail(502, 'UPSTREAM', 'Bad gateway'), () => fail(409, 'CONFLICT', 'This order was refunded meanwhile')])
    const { sheet, user } = await openRefund()
    const { confirm } = await proceed(user, sheet)
    const dialog = await authorise(user, confirm)
    expect(await within(dialog).findByText('We could not confirm the refund. Try again: it will not be sent twice.')).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }))
    // Not the PIN's fault: the PIN closes and the confirm step says it.
    expect(await within(confirm).findByRole('alert')).toHaveProperty('textContent', 'This order was refunded meanwhile')
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    await authorise(user, confirm)
    await waitFor(() => expect(refunds.calls).toHaveLength(3))
    expect(refunds.calls[1]!.key).toBe(refunds.calls[0]!.key)
    expect(refunds.calls[2]!.key).not.toBe(refunds.calls[1]!.key)
  })

  it('an unanswered FULL refund is retried as it was sent, even when the order refetched meanwhile names less and another account', async () => {
    const refunds = api([() => fail(502, 'UPSTREAM', 'Bad gateway')])
    const { sheet, user } = await openRefund()
    const { confirm } = await proceed(user, sheet)
    // The first refund went through on the server; the order refetched after the failure shows the next payer.
    server.use(
      handle(endpoints.orderDetail, () =>
        ok(
          order({
            amountRefunded: 117_500,
            refundableAmount: 300_000,
            refundAccount: { accountName: 'Someone Else', bankName: 'Access Bank', accountNumber: '0690000031' },
          }),
        ),
      ),
    )
    const dialog = await authorise(user, confirm)
    expect(await within(dialog).findByText('We could not confirm the refund. Try again: it will not be sent twice.')).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(refunds.calls).toHaveLength(2))
    // A new key with the new amount or account would be a second refund: the retry is the first one, replayed.
    expect(refunds.calls[1]).toEqual(refunds.calls[0])
  })

  it('a wrong PIN is said under the PIN boxes with the attempts left, and nothing else changes', async () => {
    const refunds = api([() => fail(422, 'INVALID_PIN', 'Incorrect PIN. 2 attempts remaining.')])
    const { sheet, user } = await openRefund()
    const { confirm } = await proceed(user, sheet)
    const dialog = await authorise(user, confirm, '9999')
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Incorrect PIN. 2 attempts remaining.')
    expect((within(dialog).getByLabelText('Transaction PIN, digit 1 of 4') as HTMLInputElement).value).toBe('')
    expect(screen.getByRole('dialog', { name: 'Confirm Refund', hidden: true })).toBeTruthy()
    await typePin(user, dialog, '1234')
    await waitFor(() => expect(refunds.calls).toHaveLength(2))
    expect(refunds.calls.map((call) => call.body.pin)).toEqual(['9999', '1234'])
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm Refund' })).toBeNull())
  })
})

describe('who may refund', () => {
  it('a user without VENDOR_REFUNDS sees no refund action on the order, and the sheet reached by address says why', async () => {
    api()
    const { router } = renderApp('/orders/ORD-A1B2C3', { permissions: PERMISSIONS.filter((p) => p !== 'VENDOR_REFUNDS') })
    await screen.findByRole('heading', { name: /ORD-A1B2C3/, level: 1 })
    expect(screen.queryByRole('link', { name: 'Initiate Refund' })).toBeNull()
    await act(() => router.navigate({ to: '/orders/$reference/refund', params: { reference: 'ORD-A1B2C3' } }))
    const sheet = await screen.findByRole('dialog', { name: 'Initiate Refund' })
    expect(within(sheet).getByText('Refunds need the vendor refunds permission. Ask the owner to grant it.')).toBeTruthy()
    expect(submit(sheet).disabled).toBe(true)
  })

  it('the owner (every permission) sees it', async () => {
    api()
    renderApp('/orders/ORD-A1B2C3')
    expect(await screen.findByRole('link', { name: 'Initiate Refund' })).toBeTruthy()
  })
})
