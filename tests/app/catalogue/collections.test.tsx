import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { catalogueEndpoints } from '#contract/catalogue'
import { MAX_PAGE_SIZE } from '#contract/common'

import { collection, collectionPage } from '../fixtures'
import { handle, ok, renderApp, server, useAppHarness } from '../harness'

useAppHarness()

const DRINKS = collection()
const SOUPS = collection({ id: 'col-2', name: 'Soups', description: null, isVisible: false, productCount: 1 })

/** Two collections, recording list queries and every write's method and body. */
function collectionsApi() {
  const queries: URLSearchParams[] = []
  const writes: { method: string; body: unknown }[] = []
  const record = async ({ request }: { request: Request }) => {
    const body = (await request.json()) as Record<string, unknown>
    writes.push({ method: request.method, body })
    return ok({ ...DRINKS, ...body }, request.method === 'POST' ? 'Collection added' : 'Collection updated')
  }
  server.use(
    handle(catalogueEndpoints.listCollections, ({ request }) => {
      queries.push(new URL(request.url).searchParams)
      return ok(collectionPage([DRINKS, SOUPS]))
    }),
    handle(catalogueEndpoints.createCollection, record),
    handle(catalogueEndpoints.updateCollection, record),
    handle(catalogueEndpoints.setCollectionVisibility, record),
  )
  return { queries, writes }
}

describe('Collections', () => {
  it('lists collections with their visibility, and toggles it with PUT', async () => {
    const { writes } = collectionsApi()
    const { user } = renderApp('/products/collections')
    const rows = await screen.findAllByTestId('collection-row')
    expect(within(rows[0]!).getByText('Visible')).toBeTruthy()
    expect(within(rows[0]!).getByText('3 products')).toBeTruthy()
    expect(within(rows[1]!).getByText('Hidden')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Collections' }).getAttribute('aria-current')).toBe('page')

    await user.click(screen.getByRole('switch', { name: 'Drinks: Show' }))
    await waitFor(() => expect(writes).toEqual([{ method: 'PUT', body: { id: 'col-1', isVisible: false } }]))
    expect(await screen.findByRole('status', { name: 'Collection updated' })).toBeTruthy()
  })

  it("requires an answer to Is Visible? with 'Field is required.', then filters the URL and the request", async () => {
    const { queries } = collectionsApi()
    const { user, router } = renderApp('/products/collections')
    await screen.findAllByTestId('collection-row')
    await user.click(screen.getByRole('button', { name: 'Filter' }))
    const sheet = await screen.findByRole('dialog', { name: 'Filter Collections' })
    await user.click(within(sheet).getByRole('button', { name: 'Apply' }))
    expect(within(sheet).getByText('Field is required.')).toBeTruthy()
    expect(within(sheet).getByRole('group', { name: 'Is Visible?' }).getAttribute('aria-invalid')).toBe('true')

    await user.click(within(sheet).getByRole('radio', { name: 'No' }))
    expect(within(sheet).queryByText('Field is required.')).toBeNull()
    await user.click(within(sheet).getByRole('button', { name: 'Apply' }))
    await waitFor(() => expect(router.state.location.search).toEqual({ isVisible: false }))
    await waitFor(() => expect(queries.at(-1)!.get('isVisible')).toBe('false'))
    expect(screen.getByRole('button', { name: 'Filter, 1 on' })).toBeTruthy()
    expect(within(screen.getByRole('list', { name: 'Active filters' })).getByText('Hidden')).toBeTruthy()
  })

  it('adds a collection through the Add Collection sheet, with the name required', async () => {
    const { writes } = collectionsApi()
    const { user, router } = renderApp('/products/collections')
    await user.click(await screen.findByRole('link', { name: 'Add Collection' }))
    const sheet = await screen.findByRole('dialog', { name: 'Add Collection' })
    expect(router.state.location.pathname).toBe('/products/collections/new')
    await user.click(within(sheet).getByRole('button', { name: 'Add Collection' }))
    expect(await within(sheet).findByText('Enter the collection name.')).toBeTruthy()

    await user.type(within(sheet).getByLabelText(/^Name/), '  Small chops ')
    await user.click(within(sheet).getByRole('button', { name: 'Add Collection' }))
    await waitFor(() => expect(writes).toEqual([{ method: 'POST', body: { name: 'Small chops', description: null } }]))
    await waitFor(() => expect(router.state.location.pathname).toBe('/products/collections'))
    expect(await screen.findByRole('status', { name: 'Collection added' })).toBeTruthy()
  })

  it('updates a collection through the Update Collection sheet, prefilled', async () => {
    const { writes } = collectionsApi()
    const { user } = renderApp('/products/collections')
    await user.click(await screen.findByRole('link', { name: 'Update Drinks' }))
    // The sheet opens at once, and its form once the collections have loaded.
    expect(await screen.findByRole('dialog', { name: 'Update Collection' })).toBeTruthy()
    const name = (await screen.findByLabelText(/^Name/)) as HTMLInputElement
    const sheet = name.closest<HTMLElement>('[role="dialog"]')!
    expect(name.value).toBe('Drinks')
    await user.clear(name)
    await user.type(name, 'Cold drinks')
    await user.click(within(sheet).getByRole('button', { name: 'Save changes' }))
    await waitFor(() =>
      expect(writes).toEqual([
        { method: 'PATCH', body: { id: 'col-1', name: 'Cold drinks', description: 'Zobo, chapman and fresh juice' } },
      ]),
    )
  })

  it('keeps the Update Collection sheet open when its form replaces the loading sheet', async () => {
    // The sheet's own query (every collection) is held until its loading sheet is up. When that sheet gave way to
    // the form's, focus went back to the "Update Drinks" link and the new sheet closed itself as focus left it.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    server.use(
      handle(catalogueEndpoints.listCollections, async ({ request }) => {
        if (new URL(request.url).searchParams.get('size') === String(MAX_PAGE_SIZE)) await held
        return ok(collectionPage([DRINKS, SOUPS]))
      }),
    )
    const { user, router } = renderApp('/products/collections')
    await user.click(await screen.findByRole('link', { name: 'Update Drinks' }))
    const loading = await screen.findByRole('dialog', { name: 'Update Collection' })
    expect(within(loading).queryByLabelText(/^Name/)).toBeNull()
    release()
    const name = (await screen.findByLabelText(/^Name/)) as HTMLInputElement
    await user.click(name)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(screen.getByRole('dialog', { name: 'Update Collection' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/products/collections/col-1')
  })
})
