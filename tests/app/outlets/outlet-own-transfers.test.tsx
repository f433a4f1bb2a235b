import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { durationShowing } from '#app/lib/date-range'
import { endpoints } from '#contract/index'
import type { Permission } from '#contract/permissions'

import { transaction, transactionPage } from '../fixtures'
import { handle, ok, renderApp, server, useAppHarness } from '../harness'
import { outlet } from '../outlets-fixtures'
import { outletsApi } from './outlets-api'

useAppHarness()

/*
 * Issue 22: a transfer between the main wallet and an outlet says where the money came from or went to, with the
 * narration the user typed, in the list and in the Transaction Summary; an outlet's page opens on a range that
 * has its transactions.
 */

const FROM_MAIN = transaction({
  id: 'txn-in',
  outletId: 'outlet-1',
  reference: 'OTR-20261122-AAAA000001',
  sessionId: null,
  narration: 'Float for Saturday',
  originatorAccountName: 'Mama Put Kitchen',
  beneficiaryAccountName: 'Mama Put Kitchen - Lekki',
  isOffline: false,
  internalTransfer: { counterparty: 'main', outletId: 'outlet-1', outletName: 'Lekki' },
})
const TO_MAIN = transaction({
  id: 'txn-out',
  type: 'debit',
  outletId: 'outlet-1',
  reference: 'OTR-20261122-AAAA000002',
  sessionId: null,
  narration: null,
  originatorAccountName: 'Mama Put Kitchen - Lekki',
  beneficiaryAccountName: 'Mama Put Kitchen',
  isOffline: false,
  internalTransfer: { counterparty: 'main', outletId: 'outlet-1', outletName: 'Lekki' },
})

// A cashier of the Lekki outlet: sees the outlet and moves its money back, nothing else.
const CASHIER: Permission[] = ['VENDOR_OUTLETS']

describe.each([
  ['the owner', {}],
  ['an outlet cashier', { role: 'member' as const, permissions: CASHIER }],
])('Outlet transfers on the outlet’s page, as %s', (_who, options) => {
  it('say From / To main wallet with the narration, never the vendor’s name, in the list and the summary', async () => {
    outletsApi({ transactions: [FROM_MAIN, TO_MAIN] })
    const { user } = renderApp('/outlets/outlet-1', options)
    const rows = await screen.findAllByTestId('transaction-row')
    expect(within(rows[0]!).getByText('From main wallet')).toBeTruthy()
    // The narration leads the row's second line, before the time (a phone cuts the line's end), in place of the reference.
    expect(within(rows[0]!).getByText(/^Float for Saturday · /)).toBeTruthy()
    expect(within(rows[0]!).queryByText(/OTR-20261122-AAAA000001/)).toBeNull()
    expect(within(rows[1]!).getByText('To main wallet')).toBeTruthy()
    // No narration typed: the row keeps its reference.
    expect(within(rows[1]!).getByText(/· OTR-20261122-AAAA000002$/)).toBeTruthy()
    for (const row of rows) expect(within(row).queryByText(/^Mama Put Kitchen/)).toBeNull()

    await user.click(rows[0]!)
    const sheet = await screen.findByRole('dialog', { name: 'Transaction Summary' })
    expect(within(sheet).getByText('From main wallet')).toBeTruthy()
    const from = within(sheet).getByText('From', { selector: 'dt' }).parentElement!
    expect(within(from).getByText('Main wallet')).toBeTruthy()
    const narration = within(sheet).getByText('Narration', { selector: 'dt' }).parentElement!
    expect(within(narration).getByText('Float for Saturday')).toBeTruthy()
  })
})

describe('Outlet transfers in the main wallet’s Transactions', () => {
  it('say To / From outlet Lekki with the narration, in the list and the summary', async () => {
    const toOutlet = transaction({
      ...FROM_MAIN,
      id: 'txn-main-out',
      type: 'debit',
      beneficiaryAccountName: 'Mama Put Kitchen - Lekki',
      internalTransfer: { counterparty: 'outlet', outletId: 'outlet-1', outletName: 'Lekki' },
    })
    const fromOutlet = transaction({ ...TO_MAIN, id: 'txn-main-in', type: 'credit', internalTransfer: toOutlet.internalTransfer })
    const bank = transaction({ id: 'txn-bank', originatorAccountName: 'Kemi Ade' })
    server.use(
      handle(endpoints.listTransactions, () => ok(transactionPage([toOutlet, fromOutlet, bank]))),
      handle(endpoints.transactionDetail, () => ok(toOutlet)),
    )
    const { user } = renderApp('/transactions')
    const rows = await screen.findAllByTestId('transaction-row')
    expect(within(rows[0]!).getByText('To outlet Lekki')).toBeTruthy()
    expect(within(rows[0]!).getByText(/^Float for Saturday · /)).toBeTruthy()
    expect(within(rows[1]!).getByText('From outlet Lekki')).toBeTruthy()
    // Money from a bank keeps its sender's name and its reference.
    expect(within(rows[2]!).getByText('Kemi Ade')).toBeTruthy()
    expect(within(rows[2]!).getByText(/· VBO-REF-0001$/)).toBeTruthy()

    await user.click(rows[0]!)
    const sheet = await screen.findByRole('dialog', { name: 'Transaction Summary' })
    expect(within(sheet).getByText('To outlet Lekki')).toBeTruthy()
    const to = within(sheet).getByText('To', { selector: 'dt' }).parentElement!
    expect(within(to).getByText('Outlet Lekki')).toBeTruthy()
    expect(within(sheet).getByText('Float for Saturday')).toBeTruthy()
  })
})

const DAY_MS = 24 * 60 * 60 * 1000

describe('An outlet’s page opens on a range that has its transactions', () => {
  it('picks Today, the last week, the last month, or a custom range up to today', () => {
    const now = new Date('2026-11-27T12:00:00Z')
    expect(durationShowing(new Date('2026-11-27T08:00:00Z'), now)).toEqual({ duration: 'TODAY' })
    // 23:30 UTC on the 26th is already the 27th in Lagos.
    expect(durationShowing(new Date('2026-11-26T23:30:00Z'), now)).toEqual({ duration: 'TODAY' })
    expect(durationShowing(new Date('2026-11-26T12:00:00Z'), now)).toEqual({ duration: 'LAST_WEEK' })
    expect(durationShowing(new Date('2026-11-21T12:00:00Z'), now)).toEqual({ duration: 'LAST_WEEK' })
    expect(durationShowing(new Date('2026-11-20T12:00:00Z'), now)).toEqual({ duration: 'LAST_MONTH' })
    expect(durationShowing(new Date('2026-10-29T12:00:00Z'), now)).toEqual({ duration: 'LAST_MONTH' })
    expect(durationShowing(new Date('2026-10-28T12:00:00Z'), now)).toEqual({
      duration: 'CUSTOM',
      startDate: '2026-10-28',
      endDate: '2026-11-27',
    })
  })

  it('with nothing today, opens on the last week holding the latest transfer; choosing Today then stays on Today', async () => {
    const latest = new Date(Date.now() - 3 * DAY_MS).toISOString()
    const calls = outletsApi({ outlets: [outlet({ lastTransactionAt: latest })], transactions: [FROM_MAIN] })
    const { user, router } = renderApp('/outlets/outlet-1', { role: 'member', permissions: CASHIER })
    await screen.findAllByTestId('transaction-row')
    expect(router.state.location.search).toEqual({ duration: 'LAST_WEEK' })
    // Every list request asked for the week, none for an empty Today first.
    expect(calls.transactions.length).toBeGreaterThan(0)
    for (const query of calls.transactions) {
      const days = (Date.parse(query.get('endDate')!) - Date.parse(query.get('startDate')!)) / DAY_MS
      expect(Math.round(days)).toBe(7)
    }

    const duration = screen.getByLabelText('Duration') as HTMLSelectElement
    expect(duration.value).toBe('LAST_WEEK')
    await user.selectOptions(duration, 'TODAY')
    await waitFor(() => expect(router.state.location.search).toEqual({ duration: 'TODAY' }))
    await waitFor(() => {
      const last = calls.transactions.at(-1)!
      expect(Math.round((Date.parse(last.get('endDate')!) - Date.parse(last.get('startDate')!)) / DAY_MS)).toBe(1)
    })
  })

  it('with a transaction today stays on Today (none at all: outlet-transactions.test.tsx)', async () => {
    outletsApi({ outlets: [outlet({ lastTransactionAt: new Date().toISOString() })] })
    const today = renderApp('/outlets/outlet-1')
    await screen.findAllByTestId('transaction-row')
    expect(today.router.state.location.search).toEqual({})
  })

  it('a link that names its range keeps it', async () => {
    outletsApi({ outlets: [outlet({ lastTransactionAt: new Date(Date.now() - 40 * DAY_MS).toISOString() })] })
    const { router } = renderApp('/outlets/outlet-1?duration=YESTERDAY')
    await screen.findAllByTestId('transaction-row')
    expect(router.state.location.search).toEqual({ duration: 'YESTERDAY' })
  })

  it('long quiet: a custom range from the latest transaction’s day to today', async () => {
    const latest = new Date(Date.now() - 40 * DAY_MS)
    outletsApi({ outlets: [outlet({ lastTransactionAt: latest.toISOString() })] })
    const { router } = renderApp('/outlets/outlet-1')
    await screen.findAllByTestId('transaction-row')
    expect(router.state.location.search).toMatchObject({ duration: 'CUSTOM' })
    const search = router.state.location.search as { startDate: string; endDate: string }
    expect(Math.round((Date.parse(search.endDate) - Date.parse(search.startDate)) / DAY_MS)).toBe(40)
  })
})
