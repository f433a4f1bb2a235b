import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { endpoints } from '#contract/index'

import { vendorProfile } from '../fixtures'
import { handle, ok, renderApp, server, useAppHarness } from '../harness'
import { publicOrder, unpaidInvoice } from '../sales-fixtures'

useAppHarness()

/*
 * Sharing an invoice (issue 22): its PDF as a file where the phone shares files, else the text and the link, else
 * copied; the text says what is due, by when, the account to pay into and the reference to quote. Its due date and
 * Overdue on the invoice page.
 */

/** The invoice fixture's payment page. */
const LINK = unpaidInvoice().publicUrl!
const share = vi.fn<(data: ShareData) => Promise<void>>()

afterEach(() => {
  Reflect.deleteProperty(navigator, 'share')
  Reflect.deleteProperty(navigator, 'canShare')
  share.mockReset()
  vi.restoreAllMocks()
})

function invoiceApi(overrides: Parameters<typeof unpaidInvoice>[0] = {}) {
  const invoice = unpaidInvoice(overrides)
  const codes: string[] = []
  server.use(
    handle(endpoints.orderDetail, () => ok(invoice)),
    handle(endpoints.vendorProfile, () => ok(vendorProfile({ address: '12 Allen Avenue, Ikeja', tin: '12345678-0001' }))),
    handle(endpoints.publicOrder, ({ request }) => {
      codes.push(new URL(request.url).searchParams.get('code')!)
      return ok(publicOrder({ reference: 'INV-7Q2K91XM', kind: 'invoice' }))
    }),
  )
  return codes
}

async function openInvoice() {
  const view = renderApp('/invoices/INV-7Q2K91XM')
  await screen.findByRole('heading', { name: 'Invoice INV-7Q2K91XM' })
  return { ...view, summary: await screen.findByRole('region', { name: 'Summary' }) }
}

describe('Invoice sharing', () => {
  it('without a share sheet copies what is due, by when, the account, the reference to quote and the link', async () => {
    const codes = invoiceApi()
    const { user, summary } = await openInvoice()
    await waitFor(() => expect(codes).toEqual(['AbCdEf123']))
    await user.click(within(summary).getByRole('button', { name: 'Share invoice' }))
    expect(await screen.findByRole('status', { name: 'Copied payment link to clipboard' })).toBeTruthy()
    expect(await navigator.clipboard.readText()).toBe(
      [
        'Invoice INV-7Q2K91XM from Mama Put Kitchen: ₦11,175.00 to pay by 15/12/2026.',
        'Pay by bank transfer to Providus Bank, 9900112233 (Mama Put Kitchen).',
        "Quote INV-7Q2K91XM in the transfer's narration.",
        LINK,
      ].join('\n'),
    )
  })

  it('shares the invoice PDF as a file where the browser can share files', async () => {
    share.mockResolvedValue(undefined)
    Object.defineProperty(navigator, 'share', { value: share, configurable: true })
    Object.defineProperty(navigator, 'canShare', { value: (data: ShareData) => Boolean(data.files?.length), configurable: true })
    const codes = invoiceApi()
    const { user, summary } = await openInvoice()
    await waitFor(() => expect(codes).toHaveLength(1))
    await user.click(within(summary).getByRole('button', { name: 'Share invoice' }))
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1))
    const data = share.mock.calls[0]![0]
    expect(data.title).toBe('Invoice INV-7Q2K91XM')
    const file = data.files![0]!
    expect(file.name).toBe('Invoice INV-7Q2K91XM.pdf')
    expect(file.type).toBe('application/pdf')
    expect(new TextDecoder().decode((await file.arrayBuffer()).slice(0, 5))).toBe('%PDF-')
    expect(data.text).toContain(LINK)
  })

  it('shares the link and text where the browser cannot share files', async () => {
    share.mockResolvedValue(undefined)
    Object.defineProperty(navigator, 'share', { value: share, configurable: true })
    invoiceApi()
    const { user, summary } = await openInvoice()
    await user.click(within(summary).getByRole('button', { name: 'Share invoice' }))
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1))
    expect(share.mock.calls[0]![0]).toEqual(expect.objectContaining({ title: 'Invoice INV-7Q2K91XM', url: LINK }))
    expect(share.mock.calls[0]![0].files).toBeUndefined()
  })

  it('downloads the invoice PDF', async () => {
    const saved: Blob[] = []
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob)
      return 'blob:invoice'
    })
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    invoiceApi()
    const { user, summary } = await openInvoice()
    await user.click(within(summary).getByRole('button', { name: 'Download PDF' }))
    expect(await screen.findByRole('status', { name: 'Invoice downloaded' })).toBeTruthy()
    expect(saved).toHaveLength(1)
    expect(new TextDecoder().decode((await saved[0]!.arrayBuffer()).slice(0, 5))).toBe('%PDF-')
  })

  it('shows the due date, and Overdue once an unpaid invoice is past it in Lagos', async () => {
    vi.useFakeTimers({ now: new Date('2026-12-15T23:30:00Z'), shouldAdvanceTime: true })
    invoiceApi()
    const { summary } = await openInvoice()
    expect(within(summary).getByText('15/12/2026')).toBeTruthy()
    expect(within(summary).getByText('Overdue')).toBeTruthy()
    vi.useRealTimers()
  })

  it('is not overdue on its due day in Lagos', async () => {
    vi.useFakeTimers({ now: new Date('2026-12-15T22:30:00Z'), shouldAdvanceTime: true })
    invoiceApi()
    const { summary } = await openInvoice()
    expect(within(summary).getByText('15/12/2026')).toBeTruthy()
    expect(within(summary).queryByText('Overdue')).toBeNull()
    vi.useRealTimers()
  })

  it('is not overdue once paid', async () => {
    vi.useFakeTimers({ now: new Date('2026-12-20T12:00:00Z'), shouldAdvanceTime: true })
    invoiceApi({ status: 'paid', amountPaid: 1_117_500 })
    const { summary } = await openInvoice()
    expect(within(summary).getByText('15/12/2026')).toBeTruthy()
    expect(within(summary).queryByText('Overdue')).toBeNull()
    vi.useRealTimers()
  })
})
