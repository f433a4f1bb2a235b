import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'

import { payoutBatch, SAVED_BENEFICIARY } from '../fixtures'
import { handle, ok, renderApp, server, useAppHarness } from '../harness'
import { api } from './send-money-helpers'

useAppHarness()

/* Back from a bulk payout's review: the payees given in the first step are still there, and Review works again. */

describe('Back from the bulk payout review', () => {
  it('finds the amounts as typed, and reviews the same rows again under a new key', async () => {
    api({ beneficiaries: { recent: [], saved: [SAVED_BENEFICIARY] } })
    const reviews: { rows: unknown; key: string | null }[] = []
    server.use(
      handle(endpoints.createPayoutBatch, async ({ request }) => {
        const body = (await request.json()) as { rows: unknown }
        reviews.push({ rows: body.rows, key: request.headers.get('Idempotency-Key') })
        return ok(payoutBatch({ id: `batch-${reviews.length}` }))
      }),
    )
    const { user } = renderApp('/home/bulk-payout')
    await user.type(await screen.findByLabelText('Amount for Rice supplier'), '5000')
    await user.click(screen.getByRole('button', { name: 'Review' }))
    const review = await screen.findByRole('dialog', { name: 'Review payout' })
    await user.click(within(review).getByRole('button', { name: 'Back' }))

    const rows = await screen.findByRole('dialog', { name: 'Bulk payout' })
    const amount = within(rows).getByLabelText<HTMLInputElement>('Amount for Rice supplier')
    expect(amount.value.replace(/,/g, '')).toBe('5000')
    await user.click(within(rows).getByRole('button', { name: 'Review' }))
    await screen.findByRole('dialog', { name: 'Review payout' })

    const row = { accountNumber: SAVED_BENEFICIARY.accountNumber, bankCode: SAVED_BENEFICIARY.bankCode, amount: 5_000_00 }
    expect(reviews.map((r) => r.rows)).toEqual([[row], [row]])
    // Back starts the review over: a second review of its own, not the first one answered again.
    expect(reviews[0]!.key).toBeTruthy()
    expect(reviews[1]!.key).not.toBe(reviews[0]!.key)
  })
})
