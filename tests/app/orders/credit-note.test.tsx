import { onlineManager } from '@tanstack/react-query'
import { act, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { endpoints } from '#contract/index'

import { vendorProfile } from '../fixtures'
import { fail, handle, ok, renderApp, server, useAppHarness } from '../harness'
import { publicOrder, unpaidInvoice } from '../sales-fixtures'

useAppHarness()

/*
 * A refunded invoice's credit note (issue 42, decision 195): downloaded from where the refund is shown, as the PDF
 * the server writes, under its number.
 */

afterEach(() => vi.restoreAllMocks())

const refunded = () =>
  unpaidInvoice({
    status: 'paid',
    amountPaid: 1_117_500,
    amountRefunded: 200_000,
    refunds: [
      {
        id: 'ref-1',
        amount: 200_000,
        status: 'success',
        reason: 'Two plates came cold',
        transactionReference: 'VBO-REF-0042',
        failureReason: null,
        creditNoteNumber: 'CN-000003',
        createdAt: '2026-11-23T10:00:00.000Z',
      },
    ],
  })

function saves() {
  const saved: { blob: Blob; name: string }[] = []
  let last: Blob | null = null
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    last = blob as Blob
    return 'blob:credit-note'
  })
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ blob: last!, name: this.download })
  })
  return saved
}

async function refundsOf() {
  // What the invoice page asks besides: its payment page and the business (for the invoice's own PDF).
  server.use(
    handle(endpoints.publicOrder, () => ok(publicOrder({ reference: 'INV-7Q2K91XM', kind: 'invoice' }))),
    handle(endpoints.vendorProfile, () => ok(vendorProfile())),
  )
  const { user } = renderApp('/invoices/INV-7Q2K91XM')
  const payment = await screen.findByRole('region', { name: 'Payment' })
  return { user, refunds: within(payment).getByRole('list', { name: 'Refunds' }) }
}

describe('the credit note of a refund', () => {
  it('downloads the PDF of the refund’s credit note under its number', async () => {
    const asked: string[] = []
    server.use(
      handle(endpoints.orderDetail, () => ok(refunded())),
      handle(endpoints.creditNotePdf, ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('number')!)
        return new HttpResponse('%PDF-1.4 credit note', { headers: { 'Content-Type': 'application/pdf' } })
      }),
    )
    const saved = saves()
    const { user, refunds } = await refundsOf()
    expect(within(refunds).getByText('Credit note CN-000003 against invoice INV-000007')).toBeTruthy()
    await user.click(within(refunds).getByRole('button', { name: 'Download credit note CN-000003' }))
    expect(await screen.findByRole('status', { name: 'Credit note CN-000003 downloaded' })).toBeTruthy()
    expect(asked).toEqual(['CN-000003'])
    expect(saved.map((file) => file.name)).toEqual(['credit-note-CN-000003.pdf'])
    expect(await saved[0]!.blob.text()).toBe('%PDF-1.4 credit note')
  })

  it('says why when the server refuses, and waits for the network offline', async () => {
    server.use(
      handle(endpoints.orderDetail, () => ok(refunded())),
      handle(endpoints.creditNotePdf, () => fail(404, 'NOT_FOUND', 'Credit note not found')),
    )
    const saved = saves()
    const { user, refunds } = await refundsOf()
    const button = within(refunds).getByRole('button', { name: 'Download credit note CN-000003' })
    await user.click(button)
    expect(await screen.findByText('Credit note not found')).toBeTruthy()
    expect(saved).toEqual([])
    act(() => onlineManager.setOnline(false))
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true))
  })

  it('a refund of an order has no credit note to download', async () => {
    server.use(
      handle(endpoints.orderDetail, () =>
        ok({ ...refunded(), kind: 'order', invoiceNumber: null, reference: 'ORD-A1B2C3', isShareable: false, publicUrl: null }),
      ),
    )
    renderApp('/orders/ORD-A1B2C3')
    const payment = await screen.findByRole('region', { name: 'Payment' })
    await within(payment).findByText('Two plates came cold')
    expect(within(payment).queryByRole('button', { name: /credit note/ })).toBeNull()
  })
})
