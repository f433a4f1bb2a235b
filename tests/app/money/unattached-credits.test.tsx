import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'

import { transaction, transactionPage } from '../fixtures'
import { handle, ok, renderApp, server, useAppHarness } from '../harness'

useAppHarness()

/* Issue 36, decision 147: a credit paid into an order's account after it closed is marked to attach. */

const late = transaction({
  id: 'txn-late',
  reference: 'TRF-LATE-0001',
  isOffline: true,
  hasMatchingOrder: false,
  unattachedOrderReference: 'ORD-7K2M9QAB',
  originatorAccountName: 'Ngozi Eze',
})

describe('Unattached credits', () => {
  it('the Unattached filter asks for them, the row and the summary say which order they were meant for', async () => {
    const queries: URLSearchParams[] = []
    server.use(
      handle(endpoints.listTransactions, ({ request }) => {
        queries.push(new URL(request.url).searchParams)
        return ok(transactionPage([late]))
      }),
      handle(endpoints.transactionDetail, () => ok(late)),
    )
    const { user } = renderApp('/transactions?unattached=true')
    const [row] = await screen.findAllByTestId('transaction-row')
    expect(queries.at(-1)!.get('unattached')).toBe('true')
    expect(within(row!).getByText(/Unattached, for ORD-7K2M9QAB$/)).toBeTruthy()
    expect(screen.getByRole('button', { name: /Remove Unattached/ })).toBeTruthy()
    await user.click(row!)
    const notice = await screen.findByText(/Unattached: paid into the account of ORD-7K2M9QAB after it closed/)
    expect(notice).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Create order' })).toBeTruthy()
  })
})
