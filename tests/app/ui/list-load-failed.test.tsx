import { screen } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { customerEndpoints } from '#contract/customers'
import { endpoints } from '#contract/index'

import { transaction, transactionPage } from '../fixtures'
import { fail, handle, ok, renderApp, server, useAppHarness } from '../harness'
import { orderLedger } from '../orders/orders-api'
import { customer, customerAnalytics, customerBreakdown, customerPage } from '../sales-fixtures'

useAppHarness()

// A 4xx the query client does not retry by itself, so the failure shows at once; a 5xx shows the same after retries.
const failed = () => fail(429, 'RATE_LIMITED', 'Too many requests, try again in a minute')

/** A failed load says so, apart from an empty list, and Refetch brings the rows (issue 22). */
async function expectFailedThenRows(user: UserEvent, title: string, row: string, serveRows: () => void) {
  expect(await screen.findByText(title)).toBeTruthy()
  expect(screen.getByText('Too many requests, try again in a minute')).toBeTruthy()
  expect(screen.queryByText('No record found')).toBeNull()
  expect(screen.queryByText('No customer found')).toBeNull()
  serveRows()
  await user.click(screen.getByRole('button', { name: 'Refetch' }))
  expect(await screen.findByText(row)).toBeTruthy()
  expect(screen.queryByText(title)).toBeNull()
}

describe('A list whose load fails', () => {
  it('Orders (the shared paged list) shows the failure with Refetch, not an empty list', async () => {
    orderLedger(3)
    server.use(handle(endpoints.listOrders, failed))
    const { user } = renderApp('/orders')
    await expectFailedThenRows(user, 'Could not load orders', 'Customer 0', () => orderLedger(3))
  })

  it('Customers shows the failure, not "No customer found"', async () => {
    server.use(
      handle(customerEndpoints.listCustomers, failed),
      handle(customerEndpoints.customerAnalytics, () => ok(customerAnalytics())),
      handle(customerEndpoints.customerBreakdown, () => ok(customerBreakdown())),
    )
    const { user } = renderApp('/customers')
    await expectFailedThenRows(user, 'Could not load customers', 'Chukwuemeka Obi', () =>
      server.use(handle(customerEndpoints.listCustomers, () => ok(customerPage([customer()], 1, 20, 1)))),
    )
  })

  it('Transactions shows the failure, not "No record found"', async () => {
    server.use(handle(endpoints.listTransactions, failed))
    const { user } = renderApp('/transactions')
    await expectFailedThenRows(user, 'Could not load transactions', 'Payer 0', () =>
      server.use(
        handle(endpoints.listTransactions, () =>
          ok(
            transactionPage(
              [transaction({ id: 'txn-0', reference: 'REF-0', originatorAccountName: 'Payer 0', beneficiaryAccountName: 'Payee 0' })],
              1,
              20,
              1,
            ),
          ),
        ),
      ),
    )
  })

  it('an empty list still says No record found, with no failure', async () => {
    orderLedger(0)
    renderApp('/orders')
    expect(await screen.findByText('No record found')).toBeTruthy()
    expect(screen.queryByText('Could not load orders')).toBeNull()
  })
})
