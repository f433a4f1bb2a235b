import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import type { AttachCandidate } from '#contract/credit-attach'
import { endpoints } from '#contract/index'
import { PERMISSIONS } from '#contract/permissions'

import { transaction, transactionPage } from '../fixtures'
import { fail, handle, ok, renderApp, server, useAppHarness } from '../harness'
import { orderSummary } from '../sales-fixtures'

useAppHarness()

/* Issue 42: Attach to order from a credit's Transaction Summary. */

function candidate(overrides: Partial<AttachCandidate> = {}): AttachCandidate {
  return {
    ...orderSummary({ id: 'order-9', reference: 'ORD-PAYER001', status: 'pending', amount: 6_000_000, amountPaid: 0 }),
    amountDue: 6_000_000,
    match: 'payer',
    ...overrides,
  }
}

describe('Attach to order', () => {
  it("lists the payer's open orders, searches others, confirms, attaches once with an Idempotency-Key, and shows the order it paid", async () => {
    server.use(handle(endpoints.listTransactions, () => ok(transactionPage([transaction()]))))
    let attached = false
    const searches: (string | null)[] = []
    const posted: { body: unknown; key: string | null }[] = []
    server.use(
      handle(endpoints.transactionDetail, () =>
        ok(transaction(attached ? { hasMatchingOrder: true, orderReference: 'ORD-OTHER002', customerName: 'Ngozi Eze' } : {})),
      ),
      handle(endpoints.attachCandidates, ({ request }) => {
        const search = new URL(request.url).searchParams.get('search')
        searches.push(search)
        const items = search
          ? [
              candidate({
                id: 'order-2',
                reference: 'ORD-OTHER002',
                amountDue: 4_500_000,
                match: 'search',
                customer: { id: 'c2', name: 'Ngozi Eze' },
              }),
            ]
          : [candidate()]
        return ok({ items })
      }),
      handle(endpoints.attachCredit, async ({ request }) => {
        posted.push({ body: await request.json(), key: request.headers.get('Idempotency-Key') })
        attached = true
        return ok(
          {
            transaction: transaction({ hasMatchingOrder: true, orderReference: 'ORD-OTHER002' }),
            order: orderSummary({ reference: 'ORD-OTHER002' }),
          },
          'Credit attached to order ORD-OTHER002',
        )
      }),
    )
    const { user } = renderApp('/transactions/txn-1')
    const summary = await screen.findByRole('dialog', { name: 'Transaction Summary' })
    await user.click(await within(summary).findByRole('button', { name: 'Attach to order' }))

    // The sheet's code loads when first opened (a placeholder sheet stands in until then).
    const list = await screen.findByRole('list', { name: 'Open orders' })
    const sheet = screen.getByRole('dialog', { name: 'Attach to order' })
    expect(within(sheet).getByText('₦45,000.00 from Chukwuemeka Obi')).toBeTruthy()
    expect(within(list).getByText('ORD-PAYER001')).toBeTruthy()
    expect(within(list).getByText('₦60,000.00 due')).toBeTruthy()
    expect(within(list).getByText("This payer's")).toBeTruthy()

    await user.type(within(sheet).getByRole('searchbox', { name: 'Search open orders by reference or customer' }), 'ngozi')
    expect(await within(sheet).findByText('ORD-OTHER002')).toBeTruthy()
    expect(searches).toContain('ngozi')
    await user.click(within(sheet).getByRole('button', { name: /ORD-OTHER002/ }))

    const confirm = await screen.findByRole('alertdialog', { name: 'Attach to ORD-OTHER002?' })
    expect(within(confirm).getByText('This ₦45,000.00 pays ORD-OTHER002. It will be paid in full. It cannot be undone.')).toBeTruthy()
    await user.click(within(confirm).getByRole('button', { name: 'Attach' }))

    expect(await screen.findByRole('status', { name: 'Credit attached to order ORD-OTHER002' })).toBeTruthy()
    const back = await screen.findByRole('dialog', { name: 'Transaction Summary' })
    await waitFor(() => expect(within(back).getByText('ORD-OTHER002')).toBeTruthy())
    expect(within(back).getByRole('link', { name: 'View order' }).getAttribute('href')).toBe('/orders/ORD-OTHER002')
    expect(within(back).queryByRole('button', { name: 'Attach to order' })).toBeNull()
    expect(posted).toEqual([{ body: { id: 'txn-1', orderReference: 'ORD-OTHER002' }, key: expect.any(String) }])
  })

  it('a credit taken meanwhile: the refusal is the toast, and the summary comes back naming the order it paid', async () => {
    server.use(handle(endpoints.listTransactions, () => ok(transactionPage([transaction()]))))
    let taken = false
    server.use(
      handle(endpoints.transactionDetail, () => ok(transaction(taken ? { hasMatchingOrder: true, orderReference: 'ORD-ELSE0003' } : {}))),
      handle(endpoints.attachCandidates, () => ok({ items: [candidate()] })),
      handle(endpoints.attachCredit, () => {
        taken = true
        return fail(409, 'CREDIT_ALREADY_USED', 'This credit already paid ORD-ELSE0003; it cannot be attached again')
      }),
    )
    const { user } = renderApp('/transactions/txn-1')
    const summary = await screen.findByRole('dialog', { name: 'Transaction Summary' })
    await user.click(await within(summary).findByRole('button', { name: 'Attach to order' }))
    const list = await screen.findByRole('list', { name: 'Open orders' })
    await user.click(within(list).getByRole('button', { name: /ORD-PAYER001/ }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Attach to ORD-PAYER001?' })
    expect(within(confirm).getByText(/₦15,000.00 will still be owed/)).toBeTruthy()
    await user.click(within(confirm).getByRole('button', { name: 'Attach' }))
    expect(await screen.findByText('This credit already paid ORD-ELSE0003; it cannot be attached again')).toBeTruthy()
    const back = await screen.findByRole('dialog', { name: 'Transaction Summary' })
    await waitFor(() => expect(within(back).getByText('ORD-ELSE0003')).toBeTruthy())
    expect(within(back).queryByRole('button', { name: 'Attach to order' })).toBeNull()
  })

  it('is not offered to a member without the orders permission, nor for a credit that already paid an order', async () => {
    server.use(handle(endpoints.listTransactions, () => ok(transactionPage([transaction()]))))
    server.use(handle(endpoints.transactionDetail, () => ok(transaction())))
    renderApp('/transactions/txn-1', { role: 'member', permissions: PERMISSIONS.filter((p) => p !== 'VENDOR_ORDERS') })
    const summary = await screen.findByRole('dialog', { name: 'Transaction Summary' })
    await within(summary).findByRole('button', { name: 'Mark as POS Transaction' })
    expect(within(summary).queryByRole('button', { name: 'Attach to order' })).toBeNull()
  })
})
