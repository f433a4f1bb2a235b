import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'

import { endpoints } from '#contract/index'
import type { Statement } from '#contract/statements'

import { handle, ok, renderApp, server, useAppHarness } from '../harness'
import { outletsApi } from '../outlets/outlets-api'

useAppHarness()

/* The statement screen (decision 178): the range's Lagos days asked for, its balances and net figures, its files. */

const STATEMENT: Statement = {
  walletName: 'Main wallet',
  accountNumber: '9012345678',
  bankName: 'Providus Bank',
  from: '2026-11-01',
  to: '2026-11-30',
  startAt: '2026-10-31T23:00:00.000Z',
  endAt: '2026-11-30T23:00:00.000Z',
  openingBalance: 1_000_000_00,
  moneyIn: 250_000_00,
  moneyOut: 40_107_50,
  closingBalance: 1_209_892_50,
  entryCount: 42,
  grossSales: 250_000_00,
  refunds: 10_000_00,
  fees: 107_50,
  netSettled: 239_892_50,
}

describe('the statement screen', () => {
  it('asks for the chosen Lagos days, shows the balances and what was settled, and downloads the CSV', async () => {
    outletsApi()
    const asked: URLSearchParams[] = []
    const files: URLSearchParams[] = []
    server.use(
      handle(endpoints.statement, ({ request }) => {
        asked.push(new URL(request.url).searchParams)
        return ok(STATEMENT)
      }),
      handle(endpoints.statementCsv, ({ request }) => {
        files.push(new URL(request.url).searchParams)
        return new HttpResponse('\uFEFFDate (WAT, UTC+1),Reference\r\n', { headers: { 'Content-Type': 'text/csv; charset=utf-8' } })
      }),
    )
    const createObjectURL = vi.fn(() => 'blob:statement')
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() })
    const { user } = renderApp('/statement?duration=CUSTOM&startDate=2026-11-01&endDate=2026-11-30')
    const card = await screen.findByRole('region', { name: 'Main wallet: 01/11/2026 to 30/11/2026' })
    expect(asked[0]?.get('from')).toBe('2026-11-01')
    expect(asked[0]?.get('to')).toBe('2026-11-30')
    const text = card.textContent!
    for (const figure of ['₦1,000,000.00', '₦250,000.00', '₦40,107.50', '₦1,209,892.50', '₦10,000.00', '₦107.50', '₦239,892.50']) {
      expect(text).toContain(figure)
    }
    expect(within(card).getByText('Net settled')).toBeTruthy()
    // The wallet can be an outlet the user sees.
    expect(screen.getByRole('combobox', { name: 'Wallet' })).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Download CSV' }))
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled())
    expect(files[0]?.get('from')).toBe('2026-11-01')
    expect(await screen.findByText('Statement downloaded (CSV)')).toBeTruthy()
  })

  it('tells a member without the transactions permission so for the main wallet', async () => {
    renderApp('/statement', { permissions: ['VENDOR_ORDERS'], role: 'member' })
    expect(await screen.findByText(/Ask the account owner to grant/)).toBeTruthy()
  })
})
