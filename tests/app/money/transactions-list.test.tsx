import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { transactionListQuery } from '#app/features/transactions/queries'
import { menuFor } from '#app/lib/permissions'
import { COUNT_CAP } from '#contract/common'
import { endpoints } from '#contract/index'

import { transaction, transactionPage } from '../fixtures'
import { fail, handle, ok, renderApp, server, useAppHarness } from '../harness'

useAppHarness()
afterEach(() => vi.restoreAllMocks())

const STATUSES = ['success', 'pending', 'failed'] as const

/**
 * A fake ledger of `total` transactions served page by page (by `page`, or by the cursor a page gave: the next
 * page's number), recording every query string. `capped`: the server stopped counting at 10,000 (decision 157);
 * 'uncounted': a search by words not counted, answering the rows up to each page and totalCapped (decision 165).
 */
function ledger(total: number, capped: boolean | 'uncounted' = false) {
  const queries: URLSearchParams[] = []
  server.use(
    handle(endpoints.listTransactions, ({ request }) => {
      const params = new URL(request.url).searchParams
      queries.push(params)
      const page = Number(params.get('cursor') ?? params.get('page') ?? 1)
      const size = Number(params.get('size'))
      const from = (page - 1) * size
      const items = Array.from({ length: Math.max(0, Math.min(size, total - from)) }, (_, i) => {
        const n = from + i
        return transaction({
          id: `txn-${n}`,
          reference: `REF-${n}`,
          status: STATUSES[n % 3],
          type: n % 2 ? 'debit' : 'credit',
          originatorAccountName: `Payer ${n}`,
          beneficiaryAccountName: `Payee ${n}`,
        })
      })
      if (capped === 'uncounted') return ok(transactionPage(items, page, size, from + items.length, true))
      return ok(capped ? transactionPage(items, page, size, COUNT_CAP, true) : transactionPage(items, page, size, total))
    }),
  )
  return queries
}

describe('Transactions list', () => {
  it('is in the menu for a user with VENDOR_TRANSACTIONS', () => {
    expect(menuFor(['VENDOR_TRANSACTIONS']).map((m) => m.to)).toContain('/transactions')
    expect(menuFor(['VENDOR_ORDERS']).map((m) => m.to)).not.toContain('/transactions')
  })

  it('shows statuses lower-cased and keeps the DOM small over 10,000 transactions', async () => {
    const queries = ledger(10_000)
    renderApp('/transactions')
    await screen.findByRole('link', { name: /Payer 0/ })
    const rows = screen.getAllByTestId('transaction-row')
    expect(rows.length).toBeGreaterThan(5)
    expect(rows.length).toBeLessThanOrEqual(60)
    expect(screen.getByText('Showing 100 of 10,000')).toBeTruthy()
    const list = screen.getByRole('list', { name: 'Transactions' })
    expect(within(list).getAllByText('pending').length).toBeGreaterThan(0)
    expect(within(list).getAllByText('failed').length).toBeGreaterThan(0)
    expect(queries[0]!.get('size')).toBe('100')
    // TODAY by default: the range is whole local days.
    // Midnight in Lagos (UTC+1), whatever the device's zone (issue 22).
    expect(new Date(Date.parse(queries[0]!.get('startDate')!) + 3_600_000).getUTCHours()).toBe(0)
  })

  it("shows a total that stopped counting as '10,000+' and keeps loading past it, by cursor", async () => {
    const queries = ledger(25_000, true)
    renderApp('/transactions?status=success')
    await screen.findByRole('link', { name: /Payer 0/ })
    expect(screen.getByText('Showing 100 of 10,000+')).toBeTruthy()
    expect(queries[0]!.get('cursor')).toBeNull()
    // Page 100 of a capped list is no end: the next page is asked for by its cursor.
    const page100 = transactionPage([transaction({ id: 'txn-9999' })], 100, 1, COUNT_CAP, true)
    expect(transactionListQuery({}).getNextPageParam(page100, [page100], undefined, [undefined])).toBe('101')
    const last = transactionPage([transaction({ id: 'txn-24999' })], 250, 100, COUNT_CAP, true)
    expect(transactionListQuery({}).getNextPageParam({ ...last, nextCursor: null }, [last], undefined, [undefined])).toBeUndefined()
  })

  it("shows a search that was not counted as the rows loaded and '+', never a made-up total", async () => {
    const queries = ledger(2_500, 'uncounted')
    renderApp('/transactions?q=chioma')
    await screen.findByRole('link', { name: /Payer 0/ })
    expect(screen.getByText('Showing 100 of 100+')).toBeTruthy()
    expect(queries[0]!.get('search')).toBe('chioma')
  })

  it('shows No record found with Refetch when empty, and hides Refetch on a 403', async () => {
    ledger(0)
    const { user } = renderApp('/transactions')
    expect(await screen.findByText('No record found')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Refetch' })).toBeTruthy()

    server.use(handle(endpoints.listTransactions, () => fail(403, 'FORBIDDEN', 'You do not have permission to do this')))
    await user.click(screen.getByRole('button', { name: 'Refetch' }))
    expect(await screen.findByText('You do not have permission to do this')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Refetch' })).toBeNull()
  })

  it('tells a member without VENDOR_TRANSACTIONS that their role leaves transactions out, with no Refetch', async () => {
    const queries = ledger(3)
    renderApp('/transactions', { permissions: ['VENDOR_WALLET'] })
    expect(await screen.findByText('Your role does not include transactions')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Refetch' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Transactions' })).toBeNull()
    expect(queries).toHaveLength(0)
  })

  it('applies the Filter Transactions sheet to the URL and the request', async () => {
    const queries = ledger(3)
    const { user, router } = renderApp('/transactions')
    await screen.findByRole('link', { name: /Payer 0/ })
    await user.click(screen.getByRole('button', { name: 'Filter' }))
    const sheet = await screen.findByRole('dialog', { name: 'Filter Transactions' })
    await user.click(within(sheet).getByRole('radio', { name: 'pending' }))
    await user.click(within(sheet).getByRole('radio', { name: 'debit' }))
    await user.click(within(sheet).getByRole('button', { name: 'Apply' }))

    await waitFor(() => expect(router.state.location.search).toMatchObject({ status: 'pending', type: 'debit' }))
    await waitFor(() => expect(queries.at(-1)!.get('status')).toBe('pending'))
    expect(queries.at(-1)!.get('type')).toBe('debit')
    expect(screen.getByRole('button', { name: 'Filter, 2 on' })).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Remove Status: pending' }))
    await waitFor(() => expect(router.state.location.search.status).toBeUndefined())
  })

  it('changes the period with the Date filter', async () => {
    const queries = ledger(3)
    const { user, router } = renderApp('/transactions')
    await screen.findByRole('link', { name: /Payer 0/ })
    await user.selectOptions(screen.getByLabelText('Duration'), 'LAST_MONTH')
    await waitFor(() => expect(router.state.location.search).toMatchObject({ duration: 'LAST_MONTH' }))
    await waitFor(() => {
      const q = queries.at(-1)!
      const days = (Date.parse(q.get('endDate')!) - Date.parse(q.get('startDate')!)) / 86_400_000
      expect(Math.round(days)).toBe(30)
    })
  })

  it('exports the current filter as one streamed file from the server, and saves it as it came', async () => {
    const queries = ledger(30)
    const exports: URLSearchParams[] = []
    let finish: () => void = () => {}
    const held = new Promise<void>((resolve) => (finish = resolve))
    const encoder = new TextEncoder()
    // A byte order mark, the header, a row whose narration holds a line break, the last row after a pause.
    const pieces = [
      '\uFEFF"Date (WAT, UTC+1)",Reference\r\n2026-12-05 07:22:28,REF-1\r\n',
      '2026-12-05 07:20:00,"REF\r\n2"\r\n',
      '2026-12-05 07:10:00,REF-3\r\n',
    ]
    server.use(
      handle(endpoints.exportTransactions, ({ request }) => {
        exports.push(new URL(request.url).searchParams)
        expect(request.headers.get('authorization')).toBe('Bearer test-token')
        const body = new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(encoder.encode(pieces[0]))
            controller.enqueue(encoder.encode(pieces[1]))
            await held
            controller.enqueue(encoder.encode(pieces[2]))
            controller.close()
          },
        })
        return new HttpResponse(body, { headers: { 'content-type': 'text/csv; charset=utf-8' } })
      }),
    )
    let saved: Blob | undefined
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved = blob as Blob
      return 'blob:test'
    })
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
    const names: string[] = []
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download)
    })
    const { user } = renderApp('/transactions?status=pending')
    await screen.findAllByRole('link', { name: /Payer/ })
    const listCalls = queries.length
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    // Busy while the file arrives, counting its rows so far.
    const busy = await screen.findByRole('button', { name: 'Exporting 2…' })
    expect(busy.getAttribute('aria-busy')).toBe('true')
    expect((busy as HTMLButtonElement).disabled).toBe(true)
    finish()
    expect(await screen.findByRole('status', { name: 'Exported 3 transactions' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy()

    expect(exports).toHaveLength(1)
    expect(exports[0]!.get('status')).toBe('pending')
    expect(exports[0]!.has('page') || exports[0]!.has('size')).toBe(false)
    // No list pages were fetched for the file.
    expect(queries).toHaveLength(listCalls)
    expect(click).toHaveBeenCalledTimes(1)
    // Named after the range's Lagos days and the filter, as before.
    const today = new Date(Date.parse(exports[0]!.get('startDate')!) + 3_600_000).toISOString().slice(0, 10)
    expect(names).toEqual([`transactions-${today}-to-${today}-pending.csv`])
    const bytes = new Uint8Array(await saved!.arrayBuffer())
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(pieces.join(''))
  })

  it('says why an export was refused, and saves nothing', async () => {
    ledger(3)
    server.use(handle(endpoints.exportTransactions, () => fail(403, 'FORBIDDEN', 'You do not have permission to do this')))
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    const { user } = renderApp('/transactions')
    await screen.findAllByRole('link', { name: /Payer/ })
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    expect(await screen.findByText('You do not have permission to do this')).toBeTruthy()
    expect(click).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy()
  })
})
