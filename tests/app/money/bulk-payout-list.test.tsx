import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import type { PayoutBatchSummary } from '#contract/payout-batches'

import { batchRow, payoutBatch, SAVED_BENEFICIARY } from '../fixtures'
import { handle, ok, renderApp, server, useAppHarness } from '../harness'
import { api } from './send-money-helpers'

useAppHarness()

/* Earlier payouts under the bulk payout sheet's first step (decision 199): each opens again with its rows. */

const NONE = { scheduled: 0, pending: 0, sent: 0, failed: 0, cancelled: 0 }
const SEND_AT = '2030-01-15T08:30:00.000Z'

const summary = (overrides: Partial<PayoutBatchSummary>): PayoutBatchSummary => ({
  id: 'batch-1',
  status: 'confirmed',
  total: 5_000_00,
  totalFee: 10_75,
  rowCount: 1,
  refusedCount: 0,
  outcomes: NONE,
  confirmedAt: '2026-12-04T09:00:00.000Z',
  sendAt: null,
  cancelledAt: null,
  createdAt: '2026-12-04T08:59:00.000Z',
  ...overrides,
})

const EARLIER = [
  summary({ id: 'b-scheduled', rowCount: 3, refusedCount: 1, outcomes: { ...NONE, scheduled: 2 }, sendAt: SEND_AT }),
  summary({ id: 'b-partly', total: 30_000_00, totalFee: 32_25, rowCount: 3, outcomes: { ...NONE, sent: 2, failed: 1 } }),
  summary({ id: 'b-cancelled', status: 'cancelled', outcomes: { ...NONE, cancelled: 1 }, cancelledAt: '2026-12-03T10:00:00.000Z' }),
]

describe('Earlier payouts', () => {
  it('lists each batch with its sum, its time and how its rows went, and opens one with its rows', async () => {
    api({ beneficiaries: { recent: [], saved: [SAVED_BENEFICIARY] }, payoutBatches: EARLIER })
    const sent = payoutBatch({
      id: 'b-partly',
      status: 'confirmed',
      confirmedAt: '2026-12-04T09:00:00.000Z',
      rows: [{ ...batchRow('sent'), transactionId: 'trx-1' }],
    })
    const asked: string[] = []
    server.use(
      handle(endpoints.payoutBatch, ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('id')!)
        return ok(sent)
      }),
    )
    const { user } = renderApp('/home/bulk-payout')
    const sheet = await screen.findByRole('dialog', { name: 'Bulk payout' })
    const earlier = await within(sheet).findByRole('region', { name: 'Earlier payouts' })
    const entries = within(earlier).getAllByRole('button')
    expect(entries.map((entry) => entry.textContent)).toEqual([
      '₦5,010.75 to 2 payeesSends 15 Jan 2030, 09:30Scheduled',
      '₦30,032.25 to 3 payees4 Dec 2026, 10:00 · 2 sent · 1 failedPartly sent',
      '₦5,010.75 to 1 payee4 Dec 2026, 10:00 · no payment sentCancelled',
    ])

    await user.click(entries[1]!)
    const progress = await screen.findByRole('dialog', { name: 'Payout progress' })
    expect(asked).toEqual(['b-partly'])
    expect(within(progress).getByRole('list', { name: 'Payees' }).textContent).toContain(SAVED_BENEFICIARY.accountName)
    expect(within(progress).getByRole('button', { name: 'Receipt' })).toBeTruthy()

    // Back to the list, not out of the sheet.
    await user.click(within(progress).getByRole('button', { name: 'Back' }))
    expect(
      await within(await screen.findByRole('dialog', { name: 'Bulk payout' })).findByRole('region', { name: 'Earlier payouts' }),
    ).toBeTruthy()
  })

  it('is not there before the first payout', async () => {
    api({ beneficiaries: { recent: [], saved: [SAVED_BENEFICIARY] } })
    renderApp('/home/bulk-payout')
    const sheet = await screen.findByRole('dialog', { name: 'Bulk payout' })
    await within(sheet).findByLabelText('Amount for Rice supplier')
    expect(within(sheet).queryByRole('region', { name: 'Earlier payouts' })).toBeNull()
  })
})
