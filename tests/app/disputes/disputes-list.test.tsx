import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { disputeEndpoints } from '#contract/disputes'

import { handle, ok, renderApp, server, useAppHarness } from '../harness'
import { dispute, disputePage } from '../sales-fixtures'

useAppHarness()

const OPEN = dispute()
const ESCALATED = dispute({
  id: 'dis-2',
  title: 'Paid twice',
  orderReference: 'ORD-3QX8P',
  status: 'escalated',
  isEscalated: true,
  escalationReason: 'Customer not answering',
  escalatedAt: '2026-11-22T08:00:00.000Z',
  messageCount: 1,
})
const RESOLVED = dispute({ id: 'dis-3', title: 'Wrong size', status: 'resolved' })

function disputesApi(items = [OPEN, ESCALATED, RESOLVED], total = items.length) {
  const queries: URLSearchParams[] = []
  server.use(
    handle(disputeEndpoints.listDisputes, ({ request }) => {
      const params = new URL(request.url).searchParams
      queries.push(params)
      return ok(disputePage(items, Number(params.get('page') ?? 1), Number(params.get('size') ?? 20), total))
    }),
  )
  return queries
}

describe('Disputes list', () => {
  it('lists disputes with their status badges under the Orders | Disputes tabs', async () => {
    disputesApi()
    renderApp('/orders/disputes')
    const rows = await screen.findAllByTestId('dispute-row')
    expect(rows).toHaveLength(3)
    expect(within(rows[0]!).getByText('Rice arrived cold')).toBeTruthy()
    expect(within(rows[0]!).getByText('ORD-7K2M9 · Wrong item')).toBeTruthy()
    expect(within(rows[0]!).getByText('open')).toBeTruthy()
    expect(within(rows[1]!).getByText('escalated')).toBeTruthy()
    expect(within(rows[2]!).getByText('resolved')).toBeTruthy()
    expect(rows[0]!.getAttribute('href')).toBe('/orders/disputes/dis-1')
    const tabs = screen.getByRole('navigation', { name: 'Order sections' })
    expect(within(tabs).getByRole('link', { name: 'Disputes' }).getAttribute('aria-current')).toBe('page')
    expect(screen.getByRole('link', { name: 'Initiate Dispute' }).getAttribute('href')).toBe('/orders/disputes/new')
  })

  it('searches by title or order reference once typing pauses, in the URL and the request', async () => {
    const queries = disputesApi()
    const { user, router } = renderApp('/orders/disputes')
    await screen.findAllByTestId('dispute-row')
    const before = queries.length
    await user.type(screen.getByRole('searchbox', { name: 'Search disputes by title or order reference' }), 'ORD-7K')
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'ORD-7K' }))
    await waitFor(() => expect(queries.at(-1)!.get('search')).toBe('ORD-7K'))
    expect(queries.slice(before).map((q) => q.get('search'))).toEqual(['ORD-7K'])
  })

  it("requires an answer to Is escalated? with 'Please select an option.', then filters the URL, the request and the chips", async () => {
    const queries = disputesApi()
    const { user, router } = renderApp('/orders/disputes')
    await screen.findAllByTestId('dispute-row')
    await user.click(screen.getByRole('button', { name: 'Filter' }))
    const sheet = await screen.findByRole('dialog', { name: 'Filter Disputes' })
    await user.click(within(sheet).getByRole('button', { name: 'Apply' }))
    expect(within(sheet).getByText('Please select an option.')).toBeTruthy()
    expect(within(sheet).getByRole('group', { name: 'Is escalated?' }).getAttribute('aria-invalid')).toBe('true')
    expect(router.state.location.search).toEqual({})

    await user.click(within(sheet).getByRole('radio', { name: 'Yes' }))
    expect(within(sheet).queryByText('Please select an option.')).toBeNull()
    await user.click(within(sheet).getByRole('button', { name: 'Apply' }))
    await waitFor(() => expect(router.state.location.search).toEqual({ isEscalated: true }))
    await waitFor(() => expect(queries.at(-1)!.get('isEscalated')).toBe('true'))
    expect(screen.getByRole('button', { name: 'Filter, 1 on' })).toBeTruthy()
    const chips = screen.getByRole('list', { name: 'Active filters' })
    await user.click(within(chips).getByRole('button', { name: 'Remove Escalated' }))
    await waitFor(() => expect(router.state.location.search).toEqual({}))
  })

  it('keeps the filter, search and page across a reload', async () => {
    const queries = disputesApi([OPEN], 60)
    const { user, router } = renderApp('/orders/disputes?isEscalated=false&search=cold')
    await screen.findAllByTestId('dispute-row')
    expect(queries.at(-1)!.get('isEscalated')).toBe('false')
    expect(queries.at(-1)!.get('search')).toBe('cold')
    expect((screen.getByRole('searchbox', { name: 'Search disputes by title or order reference' }) as HTMLInputElement).value).toBe('cold')
    expect(within(screen.getByRole('list', { name: 'Active filters' })).getByText('Not escalated')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Page 3' }))
    await waitFor(() => expect(router.state.location.search).toEqual({ isEscalated: false, search: 'cold', page: 3 }))
    await waitFor(() => expect(queries.at(-1)!.get('page')).toBe('3'))
  })
})
