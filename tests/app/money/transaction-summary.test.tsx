import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'

import { transaction, transactionPage } from '../fixtures'
import { fail, handle, ok, renderApp, server, useAppHarness } from '../harness'

useAppHarness()

function listApi(items = [transaction()]) {
  server.use(handle(endpoints.listTransactions, () => ok(transactionPage(items))))
}

describe('Transaction Summary', () => {
  it('labels a refund in the list and in its summary, and links it to the order it refunded', async () => {
    const refund = transaction({
      id: 'txn-refund',
      type: 'debit',
      amount: 15_000_00,
      reference: 'TRX-20261127-REFUND0001',
      orderReference: 'ORD-7K2M9Q',
      beneficiaryAccountName: 'Chioma Okeke',
    })
    const payment = transaction({ id: 'txn-pay', orderReference: 'ORD-7K2M9Q', hasMatchingOrder: true })
    listApi([refund, payment])
    server.use(handle(endpoints.transactionDetail, () => ok(refund)))
    const { user } = renderApp('/transactions')
    const rows = await screen.findAllByTestId('transaction-row')
    expect(within(rows[0]!).getByText(/· Refund for ORD-7K2M9Q$/)).toBeTruthy()
    // A payment of the same order is not a refund: its row keeps its reference.
    expect(within(rows[1]!).queryByText(/Refund for/)).toBeNull()
    await user.click(rows[0]!)
    const sheet = await screen.findByRole('dialog', { name: 'Transaction Summary' })
    expect(within(sheet).getByText('debit · refund for ORD-7K2M9Q')).toBeTruthy()
    expect(within(sheet).getByRole('link', { name: 'View order' }).getAttribute('href')).toBe('/orders/ORD-7K2M9Q')
  })

  it('shows the details with the date and time, and copies reference, session ID and both account numbers with their toasts', async () => {
    listApi()
    server.use(handle(endpoints.transactionDetail, () => ok(transaction())))
    const { user } = renderApp('/transactions/txn-1')
    const sheet = await screen.findByRole('dialog', { name: 'Transaction Summary' })
    expect(within(sheet).getByText('9900112233')).toBeTruthy()
    expect(within(sheet).getByText('Providus Bank')).toBeTruthy()
    expect(within(sheet).getAllByText('+₦45,000.00').length).toBeGreaterThan(0)
    expect(within(sheet).getByText(/^\d{1,2}(st|nd|rd|th) November 2026, \d{2}:\d{2}$/)).toBeTruthy()
    expect(within(sheet).getAllByText('success').length).toBeGreaterThan(0)

    const copies = [
      ['Copy transaction reference', 'Transaction reference copied', 'VBO-REF-0001'],
      ['Copy session ID', 'Session ID copied', '000015261122094200000000000001'],
      ['Copy account number', 'Account number copied', '9900112233'],
      // A credit's sender: the number a vendor copies to send a refund or check a payer (issue 35).
      ["Copy sender's account number", "Sender's account number copied", '0123456789'],
    ] as const
    for (const [label, toast, value] of copies) {
      await user.click(within(sheet).getByRole('button', { name: label }))
      expect(await screen.findByRole('status', { name: toast })).toBeTruthy()
      expect(await navigator.clipboard.readText()).toBe(value)
    }
  })

  it('marks an offline credit as POS with the fixed toast, then reloads the details', async () => {
    listApi()
    let marked = false
    let detailCalls = 0
    let patched: unknown
    server.use(
      handle(endpoints.transactionDetail, () => {
        detailCalls++
        return ok(transaction({ isPOSTransaction: marked }))
      }),
      handle(endpoints.markPos, async ({ request }) => {
        patched = await request.json()
        marked = true
        return ok(transaction({ isPOSTransaction: true }), 'Done')
      }),
    )
    const { user } = renderApp('/transactions/txn-1')
    const sheet = await screen.findByRole('dialog', { name: 'Transaction Summary' })
    const create = await within(sheet).findByRole('link', { name: 'Create order' })
    expect(create.getAttribute('href')).toBe('/orders/create-order?reference=VBO-REF-0001')
    await waitFor(() => expect(detailCalls).toBe(1))

    await user.click(within(sheet).getByRole('button', { name: 'Mark as POS Transaction' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Mark as POS Transaction?' })
    await user.click(within(confirm).getByRole('button', { name: 'Proceed' }))

    expect(await screen.findByRole('status', { name: 'Transaction marked as POS' })).toBeTruthy()
    expect(screen.queryByText('Done')).toBeNull()
    expect(patched).toEqual({ id: 'txn-1' })
    await waitFor(() => expect(detailCalls).toBe(2))
    await waitFor(() => expect(within(sheet).queryByRole('button', { name: 'Mark as POS Transaction' })).toBeNull())
    expect(within(sheet).getByText('Marked as POS transaction')).toBeTruthy()
  })

  it('links a transaction with a matching shareable order to that order', async () => {
    listApi()
    server.use(
      handle(endpoints.transactionDetail, () =>
        ok(transaction({ hasMatchingOrder: true, hasShareableOrder: true, orderReference: 'ORD-42' })),
      ),
    )
    renderApp('/transactions/txn-1')
    const sheet = await screen.findByRole('dialog', { name: 'Transaction Summary' })
    const link = await within(sheet).findByRole('link', { name: 'View order' })
    expect(link.getAttribute('href')).toBe('/orders/ORD-42?type=shareable')
    expect(within(sheet).queryByRole('button', { name: 'Mark as POS Transaction' })).toBeNull()
  })

  it('offers no POS action for a debit', async () => {
    listApi()
    server.use(handle(endpoints.transactionDetail, () => ok(transaction({ type: 'debit', isOffline: false }))))
    renderApp('/transactions/txn-1')
    const sheet = await screen.findByRole('dialog', { name: 'Transaction Summary' })
    await within(sheet).findByText('VBO-REF-0001')
    expect(within(sheet).queryByRole('button', { name: 'Mark as POS Transaction' })).toBeNull()
    expect(within(sheet).queryByRole('link', { name: 'Create order' })).toBeNull()
  })

  it('shows the error message, its code and a Retry that loads the details', async () => {
    server.use(handle(endpoints.listTransactions, () => ok(transactionPage([]))))
    let calls = 0
    server.use(
      handle(endpoints.transactionDetail, () => {
        calls++
        return calls <= 2 ? fail(404, 'NOT_FOUND', 'Transaction not found') : ok(transaction())
      }),
    )
    const { user } = renderApp('/transactions/txn-1')
    const sheet = await screen.findByRole('dialog', { name: 'Transaction Summary' })
    const alert = await within(sheet).findByRole('alert')
    expect(alert.textContent).toContain('Transaction not found')
    expect(alert.textContent).toContain('Error code: NOT_FOUND')
    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await within(sheet).findByText('VBO-REF-0001')).toBeTruthy()
  })

  it('opens from the list and closes with Escape back to the list, keeping the filters', async () => {
    listApi()
    server.use(handle(endpoints.transactionDetail, () => ok(transaction())))
    const { user, router } = renderApp('/transactions?status=success')
    const row = await screen.findByRole('link', { name: /Chukwuemeka Obi/ })
    await user.click(row)
    await screen.findByRole('dialog', { name: 'Transaction Summary' })
    expect(router.state.location.pathname).toBe('/transactions/txn-1')
    await user.keyboard('{Escape}')
    await waitFor(() => expect(router.state.location.pathname).toBe('/transactions'))
    expect(router.state.location.search).toMatchObject({ status: 'success' })
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Transaction Summary' })).toBeNull())
  })
})
