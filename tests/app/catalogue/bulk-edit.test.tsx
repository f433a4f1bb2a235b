import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { catalogueEndpoints } from '#contract/catalogue'
import { catalogueCsvEndpoints } from '#contract/catalogue-csv'

import { collectionPage, productPage, productSummary } from '../fixtures'
import { fail, handle, ok, renderApp, server, useAppHarness } from '../harness'

useAppHarness()

describe('Edit products (bulk edit, issue 41)', () => {
  it('sends an Idempotency-Key, keeps it for a tap retried after no answer, and takes a new one after a refusal', async () => {
    const sent: { key: string | null; body: unknown }[] = []
    const answers = [
      () => Response.error(),
      () => fail(422, 'VALIDATION_FAILED', 'pricePercent: would take a price of Jollof rice out of range'),
      () => ok({ updated: 1 }, '1 product updated'),
    ]
    server.use(
      handle(catalogueEndpoints.listProducts, () => ok(productPage([productSummary({ id: 'prod-1', name: 'Jollof rice' })], 1, 20, 1))),
      handle(catalogueEndpoints.listCollections, () => ok(collectionPage([], 1, 1000))),
      handle(catalogueCsvEndpoints.bulkEditProducts, async ({ request }) => {
        sent.push({ key: request.headers.get('Idempotency-Key'), body: await request.json() })
        return answers.shift()!()
      }),
    )
    const { user } = renderApp('/products')
    await user.click(await screen.findByRole('button', { name: 'Select' }))
    await user.click(await screen.findByRole('checkbox', { name: /Jollof rice/ }))
    await user.click(within(screen.getByRole('region', { name: 'Selected products' })).getByRole('button', { name: 'Edit' }))
    const sheet = await screen.findByRole('dialog', { name: 'Edit products' })
    await user.type(within(sheet).getByLabelText('Change every price by (%)'), '10')
    const apply = () => within(sheet).getByRole('button', { name: 'Apply to 1 product' }) as HTMLButtonElement
    const tap = async (count: number) => {
      await waitFor(() => expect(apply().getAttribute('aria-busy')).not.toBe('true'))
      await user.click(apply())
      await waitFor(() => expect(sent).toHaveLength(count))
    }

    await tap(1)
    expect(sent[0]!.key).toMatch(/^[0-9a-f-]{36}$/)
    expect(sent[0]!.body).toEqual({ ids: ['prod-1'], pricePercent: 10 })
    // No answer: the outcome is unknown, so the retry is the same attempt and the server would replay it.
    await tap(2)
    expect(sent[1]!.key).toBe(sent[0]!.key)
    // Refused for certain: nothing changed, so the next tap is a new attempt.
    await tap(3)
    expect(sent[2]!.key).not.toBe(sent[0]!.key)
    expect(await screen.findByText('1 product updated')).toBeTruthy()
  })
})
