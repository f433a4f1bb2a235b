import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'

import { batchRow as row, payoutBatch as batch, SAVED_BENEFICIARY } from '../fixtures'
import { fail, handle, ok, renderApp, server, useAppHarness } from '../harness'
import { api, typePin } from './send-money-helpers'

useAppHarness()

/* Cancelling a scheduled bulk payout from its screen (decision 196): asked once more, then shown cancelled. */

const SEND_AT = new Date(Date.now() + 2 * 24 * 3_600_000).toISOString()

const SCHEDULED = batch({ status: 'confirmed', confirmedAt: new Date().toISOString(), sendAt: SEND_AT, rows: [row('scheduled')] })

/** Review and schedule one payment to the saved account, up to the batch screen with Cancel batch. */
async function scheduleOne(cancel: () => Response) {
  api({ beneficiaries: { recent: [], saved: [SAVED_BENEFICIARY] } })
  const cancels: (string | null)[] = []
  server.use(
    handle(endpoints.createPayoutBatch, () => ok(batch())),
    handle(endpoints.confirmPayoutBatch, () => ok(SCHEDULED)),
    handle(endpoints.payoutBatch, () => ok(SCHEDULED)),
    handle(endpoints.cancelPayoutBatch, ({ request }) => {
      cancels.push(request.headers.get('Idempotency-Key'))
      return cancel()
    }),
  )
  const { user } = renderApp('/home/bulk-payout')
  await user.type(await screen.findByLabelText('Amount for Rice supplier'), '5000')
  await user.click(screen.getByRole('button', { name: 'Review' }))
  const review = await screen.findByRole('dialog', { name: 'Review payout' })
  fireEvent.change(within(review).getByLabelText('Send later (optional)'), { target: { value: '2030-01-15T09:30' } })
  await user.click(within(review).getByRole('button', { name: 'Schedule 1 payment' }))
  await typePin(user, await screen.findByRole('alertdialog', { name: 'Enter your transaction PIN' }), '1234')
  const sheet = await screen.findByRole('dialog', { name: 'Payout scheduled' })
  await user.click(within(sheet).getByRole('button', { name: 'Cancel batch' }))
  const asked = await screen.findByRole('alertdialog', { name: 'Cancel this batch?' })
  expect(within(asked).getByText('Its payment will not be sent. This cannot be undone.')).toBeTruthy()
  return { user, asked, cancels }
}

describe('Cancel batch', () => {
  it('cancels after the confirm dialog and shows the batch cancelled', async () => {
    const cancelledAt = '2026-12-10T08:15:00.000Z'
    const { user, asked, cancels } = await scheduleOne(() =>
      ok({ ...SCHEDULED, status: 'cancelled', cancelledAt, rows: [row('cancelled')] }, 'Batch cancelled: 1 payment will not be sent'),
    )
    await user.click(within(asked).getByRole('button', { name: 'Cancel batch' }))
    const sheet = await screen.findByRole('dialog', { name: 'Payout cancelled' })
    expect(within(sheet).getByText('Cancelled on 10 Dec 2026, 09:15 (Lagos time). No payment was sent.')).toBeTruthy()
    expect(within(sheet).getByText('Cancelled', { exact: true })).toBeTruthy()
    expect(within(sheet).queryByRole('button', { name: 'Cancel batch' })).toBeNull()
    expect(cancels).toHaveLength(1)
    expect(cancels[0]).toBeTruthy()
  })

  it('says why when the batch started meanwhile, and keeps the batch as it stands', async () => {
    const { user, asked } = await scheduleOne(() =>
      fail(409, 'BATCH_ALREADY_STARTED', 'This batch has started sending and can no longer be cancelled: see each payment’s status'),
    )
    await user.click(within(asked).getByRole('button', { name: 'Cancel batch' }))
    const sheet = await screen.findByRole('dialog', { name: 'Payout scheduled' })
    await waitFor(() =>
      expect(within(sheet).getByRole('alert').textContent).toBe(
        'This batch has started sending and can no longer be cancelled: see each payment’s status',
      ),
    )
    expect(screen.queryByRole('alertdialog', { name: 'Cancel this batch?' })).toBeNull()
  })
})
