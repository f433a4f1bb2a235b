import { onlineManager } from '@tanstack/react-query'
import { act, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'

import { MAX_PAGE_SIZE } from '#contract/common'
import { disputeEndpoints } from '#contract/disputes'

import { handle, ok, renderApp, server, useAppHarness } from '../harness'
import { DISPUTE_CATEGORIES, disputeCategoryPage, disputeInfo, disputeMessagePage, disputePage } from '../sales-fixtures'

useAppHarness()

/** The disputes API around Initiate Dispute; `refuse` answers the POST with that error instead. */
function disputesApi(refuse?: { status: number; body: unknown }) {
  const posts: unknown[] = []
  const categoryQueries: URLSearchParams[] = []
  server.use(
    handle(disputeEndpoints.listDisputes, () => ok(disputePage([]))),
    handle(disputeEndpoints.disputeCategories, ({ request }) => {
      categoryQueries.push(new URL(request.url).searchParams)
      return ok(disputeCategoryPage())
    }),
    handle(disputeEndpoints.createDispute, async ({ request }) => {
      posts.push(await request.json())
      if (refuse) return HttpResponse.json(refuse.body as never, { status: refuse.status })
      return ok(disputeInfo({ id: 'dis-9' }), 'Dispute initiated')
    }),
    handle(disputeEndpoints.disputeInfo, () => ok(disputeInfo({ id: 'dis-9' }))),
    handle(disputeEndpoints.disputeConversation, () => ok(disputeMessagePage([]))),
  )
  return { posts, categoryQueries }
}

describe('Initiate Dispute', () => {
  it('prefills the order reference, requires all four fields, and opens the new dispute', async () => {
    const { posts, categoryQueries } = disputesApi()
    const { user, router } = renderApp('/orders/disputes/new?orderReference=ORD-7K2M9')
    const sheet = await screen.findByRole('dialog', { name: 'Initiate Dispute' })
    const reference = within(sheet).getByLabelText(/^Order reference/) as HTMLInputElement
    expect(reference.value).toBe('ORD-7K2M9')
    // Every category, each with what it covers (SPEC §9: page 1, size 1e6).
    const wrongItem = await within(sheet).findByRole('radio', { name: 'Wrong item' })
    expect(wrongItem.getAttribute('aria-describedby')).toBeTruthy()
    expect(within(sheet).getByText(DISPUTE_CATEGORIES[0]!.description)).toBeTruthy()
    expect(categoryQueries[0]!.get('page')).toBe('1')
    expect(categoryQueries[0]!.get('size')).toBe(String(MAX_PAGE_SIZE))

    await user.clear(reference)
    await user.click(within(sheet).getByRole('button', { name: 'Initiate Dispute' }))
    expect(await within(sheet).findByText('Enter the order reference.')).toBeTruthy()
    expect(within(sheet).getByText('Enter a title.')).toBeTruthy()
    expect(within(sheet).getByText('Select a category.')).toBeTruthy()
    expect(within(sheet).getByText('Describe the problem.')).toBeTruthy()
    expect(posts).toEqual([])

    await user.type(reference, 'ord-7k2m9')
    await user.type(within(sheet).getByLabelText(/^Title/), 'Rice arrived cold')
    await user.click(wrongItem)
    await user.type(within(sheet).getByLabelText(/^Description/), 'Cold on arrival.')
    await user.click(within(sheet).getByRole('button', { name: 'Initiate Dispute' }))
    await waitFor(() =>
      expect(posts).toEqual([
        { orderReference: 'ORD-7K2M9', title: 'Rice arrived cold', category: 'cat-wrong-item', description: 'Cold on arrival.' },
      ]),
    )
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/disputes/dis-9'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Rice arrived cold' })).toBeTruthy()
    expect(await screen.findByRole('status', { name: 'Dispute initiated' })).toBeTruthy()
  })

  it("shows the server's refusal under the order reference and keeps what was typed", async () => {
    const { posts } = disputesApi({
      status: 404,
      body: {
        message: 'No order with the reference ORD-NOPE',
        code: 'NOT_FOUND',
        issues: [{ path: 'orderReference', message: 'No order with the reference ORD-NOPE' }],
      },
    })
    const { user } = renderApp('/orders/disputes/new')
    const sheet = await screen.findByRole('dialog', { name: 'Initiate Dispute' })
    expect((within(sheet).getByLabelText(/^Order reference/) as HTMLInputElement).value).toBe('')
    await user.type(within(sheet).getByLabelText(/^Order reference/), 'ORD-NOPE')
    await user.type(within(sheet).getByLabelText(/^Title/), 'Missing')
    await user.click(await within(sheet).findByRole('radio', { name: 'Item not received' }))
    await user.type(within(sheet).getByLabelText(/^Description/), 'Never came.')
    await user.click(within(sheet).getByRole('button', { name: 'Initiate Dispute' }))
    await waitFor(() => expect(posts).toHaveLength(1))
    expect(await within(sheet).findByText('No order with the reference ORD-NOPE')).toBeTruthy()
    expect((within(sheet).getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Missing')
    // SPEC §8: the failed call toasts the server's message too, and focus goes to the field it names (issue 35).
    expect(await screen.findByRole('alert', { name: 'No order with the reference ORD-NOPE' })).toBeTruthy()
    await waitFor(() => expect(document.activeElement).toBe(within(sheet).getByLabelText(/^Order reference/)))
  })

  it('puts focus in the first field whose error the form shows after a refused submit', async () => {
    disputesApi()
    const { user } = renderApp('/orders/disputes/new?orderReference=ORD-7K2M9')
    const sheet = await screen.findByRole('dialog', { name: 'Initiate Dispute' })
    await user.type(within(sheet).getByLabelText(/^Title/), 'Missing')
    await user.click(await within(sheet).findByRole('radio', { name: 'Item not received' }))
    await user.click(within(sheet).getByRole('button', { name: 'Initiate Dispute' }))
    expect(await within(sheet).findByText('Describe the problem.')).toBeTruthy()
    await waitFor(() => expect(document.activeElement).toBe(within(sheet).getByLabelText(/^Description/)))
  })

  it('is not sent offline: the button is disabled and the sheet says why', async () => {
    const { posts } = disputesApi()
    const { user } = renderApp('/orders/disputes/new?orderReference=ORD-7K2M9')
    const sheet = await screen.findByRole('dialog', { name: 'Initiate Dispute' })
    await user.type(within(sheet).getByLabelText(/^Title/), 'Missing')
    await user.click(await within(sheet).findByRole('radio', { name: 'Item not received' }))
    await user.type(within(sheet).getByLabelText(/^Description/), 'Never came.')
    act(() => onlineManager.setOnline(false))
    expect(await within(sheet).findByText('You are offline. The dispute can be raised once you reconnect.')).toBeTruthy()
    const submit = within(sheet).getByRole('button', { name: 'Initiate Dispute' }) as HTMLButtonElement
    expect(submit.disabled).toBe(true)
    // Enter in a field submits a form even when its button is disabled; the sheet must not send then either.
    await user.type(within(sheet).getByLabelText(/^Title/), '{Enter}')
    act(() => onlineManager.setOnline(true))
    await waitFor(() => expect(submit.disabled).toBe(false))
    expect(posts).toEqual([])
  })
})
