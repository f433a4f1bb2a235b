import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { customerEndpoints } from '#contract/customers'
import { transactionEndpoints } from '#contract/transactions'

import { transaction, transactionPage } from '../fixtures'
import { handle, ok, renderApp, server, settled, useAppHarness } from '../harness'
import { customer, customerInfo, customerPage } from '../sales-fixtures'

useAppHarness()

const NGOZI = customer({ id: 'cus-7', name: 'Ngozi Eze', email: 'ngozi@example.com' })

function api() {
  const transactionQueries: URLSearchParams[] = []
  server.use(
    handle(transactionEndpoints.listTransactions, ({ request }) => {
      transactionQueries.push(new URL(request.url).searchParams)
      return ok(transactionPage([transaction()]))
    }),
    handle(customerEndpoints.listCustomers, ({ request }) => {
      const name = new URL(request.url).searchParams.get('name') ?? ''
      const all = [customer(), NGOZI]
      const items = all.filter((c) => c.name.toLowerCase().includes(name.toLowerCase()))
      return ok(customerPage(items))
    }),
    handle(customerEndpoints.customerInfo, () => ok(customerInfo({ customer: NGOZI }))),
  )
  return transactionQueries
}

describe('Filter Transactions: customer', () => {
  it('picks a customer with the shared picker; the URL, the request and the chip follow, by name', async () => {
    const queries = api()
    const { user, router } = renderApp('/transactions')
    await screen.findAllByTestId('transaction-row')
    await user.click(screen.getByRole('button', { name: 'Filter' }))
    const sheet = await settled(await screen.findByRole('dialog', { name: 'Filter Transactions' }))
    await user.click(within(sheet).getByRole('button', { name: 'Choose a customer' }))
    const picker = await screen.findByRole('dialog', { name: 'Select Customer' })
    await user.type(within(picker).getByRole('searchbox', { name: 'Search customers by name' }), 'ngo')
    await user.click(await within(picker).findByRole('button', { name: /Ngozi Eze/ }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Select Customer' })).toBeNull())
    expect(within(sheet).getByText('Ngozi Eze')).toBeTruthy()

    await user.click(within(sheet).getByRole('button', { name: 'Apply' }))
    await waitFor(() => expect(router.state.location.search).toEqual({ customerId: 'cus-7' }))
    await waitFor(() => expect(queries.at(-1)!.get('customerId')).toBe('cus-7'))
    expect(await within(screen.getByRole('list', { name: 'Active filters' })).findByText('Customer: Ngozi Eze')).toBeTruthy()
  })

  it('keeps ?customerId= across a reload and names the customer in the chip', async () => {
    const queries = api()
    renderApp('/transactions?customerId=cus-7')
    expect(await within(await screen.findByRole('list', { name: 'Active filters' })).findByText('Customer: Ngozi Eze')).toBeTruthy()
    expect(queries.at(-1)!.get('customerId')).toBe('cus-7')
  })

  it('offers no picker without VENDOR_CUSTOMERS, and keeps the unnamed chip', async () => {
    api()
    const { user } = renderApp('/transactions?customerId=cus-7', { permissions: ['VENDOR_TRANSACTIONS'] })
    expect(await within(await screen.findByRole('list', { name: 'Active filters' })).findByText('One customer')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Filter, 1 on' }))
    const sheet = await screen.findByRole('dialog', { name: 'Filter Transactions' })
    expect(within(sheet).queryByRole('button', { name: /Choose/ })).toBeNull()
  })
})
