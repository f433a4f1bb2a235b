import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'

import { CustomerPicker } from '#app/features/customers/customer-picker'
import { createQueryClient } from '#app/lib/query-client'
import { setSession } from '#app/lib/session'
import { customerEndpoints } from '#contract/customers'

import { user as userFixture } from '../fixtures'
import { handle, ok, server, useAppHarness } from '../harness'
import { customer, customerPage } from '../sales-fixtures'

useAppHarness()

const NAMES = ['Chukwuemeka Obi', 'Ngozi Eze', 'Bola Ahmed', 'Chioma Nwosu', 'Tunde Bakare']
const ALL = Array.from({ length: 45 }, (_, i) =>
  customer({ id: `cus-${i}`, name: `${NAMES[i % NAMES.length]} ${i}`, email: `c${i}@example.com` }),
)

/** The customers API: name is a case-insensitive "contains", paged; every query string is kept. */
function customersApi() {
  const queries: URLSearchParams[] = []
  server.use(
    handle(customerEndpoints.listCustomers, ({ request }) => {
      const params = new URL(request.url).searchParams
      queries.push(params)
      const name = (params.get('name') ?? '').toLowerCase()
      const page = Number(params.get('page') ?? 1)
      const size = Number(params.get('size') ?? 20)
      const matches = ALL.filter((c) => c.name.toLowerCase().includes(name))
      return ok(customerPage(matches.slice((page - 1) * size, page * size), page, size, matches.length))
    }),
  )
  return queries
}

function Harness({ onSelect }: { onSelect: (c: { id: string; name: string }) => void }) {
  const [open, setOpen] = useState(true)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open picker
      </button>
      <CustomerPicker open={open} onOpenChange={setOpen} onSelect={onSelect} selectedId="cus-2" />
    </>
  )
}

function renderPicker() {
  setSession({ token: 'test-token', user: userFixture() })
  const onSelect = vi.fn()
  const user = userEvent.setup()
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Harness onSelect={onSelect} />
    </QueryClientProvider>,
  )
  return { onSelect, user }
}

describe('CustomerPicker', () => {
  it('searches as you type (debounced), pages with Load more and returns the chosen customer', async () => {
    const queries = customersApi()
    const { onSelect, user } = renderPicker()
    const dialog = await screen.findByRole('dialog', { name: 'Select Customer' })
    const list = await within(dialog).findByRole('list', { name: 'Customers' })
    expect(within(list).getAllByRole('button')).toHaveLength(20)
    expect(within(dialog).getByText('Showing 20 of 45')).toBeTruthy()
    expect(
      within(list)
        .getByRole('button', { name: /Bola Ahmed 2/ })
        .getAttribute('aria-pressed'),
    ).toBe('true')

    await user.click(within(dialog).getByRole('button', { name: 'Load more' }))
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(40))
    expect(queries.at(-1)!.get('page')).toBe('2')

    const before = queries.length
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search customers by name' }), 'ngozi')
    await waitFor(() => expect(within(dialog).getByText('9 customers')).toBeTruthy())
    // One request for the settled text, not one per keystroke.
    expect(queries.slice(before).map((q) => q.get('name'))).toEqual(['ngozi'])

    await user.click(within(dialog).getByRole('button', { name: /Ngozi Eze 6/ }))
    expect(onSelect).toHaveBeenCalledWith({ id: 'cus-6', name: 'Ngozi Eze 6' })
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Select Customer' })).toBeNull())
  })

  it('a name matching more than 10,000 says 10,000+ and Load more goes on (issue 38)', async () => {
    const queries: URLSearchParams[] = []
    server.use(
      handle(customerEndpoints.listCustomers, ({ request }) => {
        const params = new URL(request.url).searchParams
        queries.push(params)
        const page = Number(params.get('page') ?? 1)
        const size = Number(params.get('size') ?? 20)
        const items = Array.from({ length: size }, (_, i) => customer({ id: `cus-${page}-${i}`, name: `Ada ${page}-${i}` }))
        return ok(customerPage(items, page, size, 25_000))
      }),
    )
    const { user } = renderPicker()
    const dialog = await screen.findByRole('dialog', { name: 'Select Customer' })
    expect(await within(dialog).findByText('Showing 20 of 10,000+')).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Load more' }))
    expect(await within(dialog).findByText('Showing 40 of 10,000+')).toBeTruthy()
    expect(queries.at(-1)!.get('page')).toBe('2')
    expect(within(dialog).getByRole('button', { name: 'Load more' })).toBeTruthy()
  })

  it("says 'No customer found' when nothing matches, and Escape closes it", async () => {
    customersApi()
    const { user, onSelect } = renderPicker()
    const dialog = await screen.findByRole('dialog', { name: 'Select Customer' })
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search customers by name' }), 'zzz')
    expect(await within(dialog).findByText('No customer found')).toBeTruthy()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Select Customer' })).toBeNull())
    expect(onSelect).not.toHaveBeenCalled()
  })
})
