import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { catalogueEndpoints } from '#contract/catalogue'

import { collection, collectionPage } from '../fixtures'
import { handle, ok, renderApp, server, settled, useAppHarness } from '../harness'

useAppHarness()

/* Update Collection → Delete collection: the confirmation first says what happens to its products. */

function collectionsApi() {
  const collections = [collection(), collection({ id: 'col-2', name: 'Soups', description: null, productCount: 1 })]
  const deleted: string[] = []
  server.use(
    handle(catalogueEndpoints.listCollections, () => ok(collectionPage(collections))),
    handle(catalogueEndpoints.deleteCollection, ({ request }) => {
      const id = new URL(request.url).searchParams.get('id')!
      deleted.push(id)
      collections.splice(
        collections.findIndex((c) => c.id === id),
        1,
      )
      return ok(null, 'Collection deleted')
    }),
  )
  return deleted
}

async function openUpdate(user: ReturnType<typeof renderApp>['user'], name: string) {
  await user.click(await screen.findByRole('link', { name: `Update ${name}` }))
  const field = await screen.findByLabelText(/^Name/)
  return settled(field.closest<HTMLElement>('[role="dialog"]')!)
}

describe('Delete collection', () => {
  it('says its products stay without a collection; Cancel deletes nothing; Delete removes it and closes the sheet', async () => {
    const deleted = collectionsApi()
    const { user, router } = renderApp('/products/collections')
    const sheet = await openUpdate(user, 'Drinks')

    await user.click(within(sheet).getByRole('button', { name: 'Delete collection' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Drinks?' })
    expect(within(confirm).getByText('Its 3 products stay in your catalogue without a collection. This cannot be undone.')).toBeTruthy()
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(deleted).toEqual([])

    await user.click(within(sheet).getByRole('button', { name: 'Delete collection' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByRole('status', { name: 'Collection deleted' })).toBeTruthy()
    expect(deleted).toEqual(['col-1'])
    await waitFor(() => expect(router.state.location.pathname).toBe('/products/collections'))
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Update Drinks' })).toBeNull())
    expect(screen.getByRole('link', { name: 'Update Soups' })).toBeTruthy()
  })

  it('a collection of one product says so in the singular', async () => {
    collectionsApi()
    const { user } = renderApp('/products/collections')
    const sheet = await openUpdate(user, 'Soups')
    await user.click(within(sheet).getByRole('button', { name: 'Delete collection' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Soups?' })
    expect(within(confirm).getByText('Its 1 product stays in your catalogue without a collection. This cannot be undone.')).toBeTruthy()
  })
})
