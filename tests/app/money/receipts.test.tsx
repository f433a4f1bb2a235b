import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { endpoints } from '#contract/index'

import { transaction, transactionPage, vendorProfile } from '../fixtures'
import { handle, ok, renderApp, server, useAppHarness } from '../harness'
import { api, fillDetails, openPin, openSendMoney, proceed, typePin } from './send-money-helpers'

useAppHarness()

/*
 * Receipts (issue 22): a successful transaction's receipt from Transaction Summary and from a transfer's outcome
 * dialog, with the reference and session ID a bank asks for; Share sends the PDF where files can be shared, else
 * the text, else copies it; Download PDF saves it.
 */

const share = vi.fn<(data: ShareData) => Promise<void>>()
const canShare = vi.fn<(data: ShareData) => boolean>()

function withShareSheet(options: { files: boolean }) {
  share.mockResolvedValue(undefined)
  canShare.mockImplementation((data) => Boolean(data.files) === options.files || !data.files)
  Object.defineProperty(navigator, 'share', { value: share, configurable: true })
  Object.defineProperty(navigator, 'canShare', { value: canShare, configurable: true })
}

afterEach(() => {
  // jsdom has no share sheet: each test that gives one takes it away again.
  Reflect.deleteProperty(navigator, 'share')
  Reflect.deleteProperty(navigator, 'canShare')
  share.mockReset()
  canShare.mockReset()
  vi.restoreAllMocks()
})

function detailApi(t = transaction()) {
  server.use(
    handle(endpoints.listTransactions, () => ok(transactionPage([t]))),
    handle(endpoints.transactionDetail, () => ok(t)),
    handle(endpoints.vendorProfile, () => ok(vendorProfile({ address: '12 Allen Avenue, Ikeja', tin: '12345678-0001' }))),
  )
}

async function openReceipt() {
  const { user } = renderApp('/transactions/txn-1')
  const summary = await screen.findByRole('dialog', { name: 'Transaction Summary' })
  await user.click(await within(summary).findByRole('button', { name: 'View receipt' }))
  return { user, receipt: await screen.findByRole('dialog', { name: 'Receipt' }) }
}

describe('Receipt from Transaction Summary', () => {
  it('shows the amount, parties, reference and session ID, and Close comes back to the summary', async () => {
    detailApi()
    const { user, receipt } = await openReceipt()
    expect(within(receipt).getByText('Money received')).toBeTruthy()
    // Who the receipt is from (decision 191): the business, its address, contacts and TIN.
    const issuer = await within(receipt).findByLabelText('Issued by')
    expect(within(issuer).getByText('12 Allen Avenue, Ikeja')).toBeTruthy()
    expect(within(issuer).getByText('08031234567 · demo@vendor.test')).toBeTruthy()
    expect(within(issuer).getByText('TIN: 12345678-0001')).toBeTruthy()
    expect(within(receipt).getByText('₦45,000.00', { selector: 'p' })).toBeTruthy()
    expect(within(receipt).getByText('Chukwuemeka Obi, Guaranty Trust Bank, 0123456789')).toBeTruthy()
    expect(within(receipt).getByText('Mama Put Kitchen, Providus Bank, 9900112233')).toBeTruthy()
    expect(within(receipt).getByText('VBO-REF-0001')).toBeTruthy()
    expect(within(receipt).getByText('000015261122094200000000000001')).toBeTruthy()
    expect(within(receipt).getByText('Successful')).toBeTruthy()

    await user.click(within(receipt).getByRole('button', { name: 'Close' }))
    expect(await screen.findByRole('dialog', { name: 'Transaction Summary' })).toBeTruthy()
  })

  it('has no receipt for a pending or failed transaction', async () => {
    detailApi(transaction({ status: 'pending' }))
    renderApp('/transactions/txn-1')
    const summary = await screen.findByRole('dialog', { name: 'Transaction Summary' })
    await within(summary).findByText('VBO-REF-0001')
    expect(within(summary).queryByRole('button', { name: 'View receipt' })).toBeNull()
  })

  it('says when a transfer between own wallets has no session ID, instead of leaving it blank', async () => {
    detailApi(transaction({ type: 'debit', sessionId: null, fee: 0 }))
    const { receipt } = await openReceipt()
    expect(within(receipt).getByText('None (not an interbank transfer)')).toBeTruthy()
    expect(within(receipt).getByText('Total debited')).toBeTruthy()
  })
})

describe('Sharing a receipt', () => {
  it('without a share sheet copies the receipt text, reference and session ID included', async () => {
    detailApi()
    const { user, receipt } = await openReceipt()
    await user.click(within(receipt).getByRole('button', { name: 'Share' }))
    expect(await screen.findByRole('status', { name: 'Receipt copied' })).toBeTruthy()
    const text = await navigator.clipboard.readText()
    expect(text).toContain('Transaction receipt: money received, ₦45,000.00')
    expect(text).toContain('From: Chukwuemeka Obi, Guaranty Trust Bank, 0123456789')
    expect(text).toContain('Transaction reference: VBO-REF-0001')
    expect(text).toContain('Session ID: 000015261122094200000000000001')
  })

  it('shares the PDF as a file where the browser can share files', async () => {
    withShareSheet({ files: true })
    detailApi()
    const { user, receipt } = await openReceipt()
    await user.click(within(receipt).getByRole('button', { name: 'Share' }))
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1))
    const data = share.mock.calls[0]![0]
    const file = data.files![0]!
    expect(file.name).toBe('Receipt VBO-REF-0001.pdf')
    expect(file.type).toBe('application/pdf')
    expect(new TextDecoder().decode((await file.arrayBuffer()).slice(0, 5))).toBe('%PDF-')
    expect(data.text).toContain('Session ID: 000015261122094200000000000001')
    expect(screen.queryByRole('status', { name: 'Receipt copied' })).toBeNull()
  })

  it('shares the text where the browser shares but not files, and says nothing when the person cancels', async () => {
    withShareSheet({ files: false })
    share.mockRejectedValueOnce(new DOMException('Share canceled', 'AbortError'))
    detailApi()
    const { user, receipt } = await openReceipt()
    await user.click(within(receipt).getByRole('button', { name: 'Share' }))
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1))
    expect(share.mock.calls[0]![0].files).toBeUndefined()
    expect(share.mock.calls[0]![0].text).toContain('Transaction reference: VBO-REF-0001')
    // Cancelled: no copy, no error.
    await waitFor(() => expect((within(receipt).getByRole('button', { name: 'Share' }) as HTMLButtonElement).disabled).toBe(false))
    expect(screen.queryByRole('status', { name: 'Receipt copied' })).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('downloads the receipt as a PDF', async () => {
    const saved: Blob[] = []
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob)
      return 'blob:receipt'
    })
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    detailApi()
    const { user, receipt } = await openReceipt()
    await user.click(within(receipt).getByRole('button', { name: 'Download PDF' }))
    expect(await screen.findByRole('status', { name: 'Receipt downloaded' })).toBeTruthy()
    expect(saved).toHaveLength(1)
    expect(new TextDecoder().decode((await saved[0]!.arrayBuffer()).slice(0, 5))).toBe('%PDF-')
  })
})

describe('Receipt from the transfer outcome', () => {
  it('View receipt on Transfer Successful shows the receipt of the transfer just sent', async () => {
    api({
      send: [
        () =>
          ok(
            transaction({
              type: 'debit',
              amount: 500_000,
              fee: 2_688,
              reference: 'TRF-NEW-0001',
              sessionId: '999915261122094200000000000042',
              beneficiaryAccountName: 'ADA OBI',
            }),
            'Transfer successful',
          ),
      ],
    })
    const { user } = await openSendMoney()
    await fillDetails(user)
    await waitFor(() => expect(proceed().disabled).toBe(false))
    await user.click(proceed())
    await openPin(user)
    await typePin(user, await screen.findByRole('alertdialog', { name: 'Enter your transaction PIN' }), '1234')
    const outcome = await screen.findByRole('dialog', { name: 'Transfer Successful' })
    await user.click(within(outcome).getByRole('button', { name: 'View receipt' }))

    const receipt = await screen.findByRole('dialog', { name: 'Receipt' })
    expect(within(receipt).getByText('Money sent')).toBeTruthy()
    expect(within(receipt).getByText('TRF-NEW-0001')).toBeTruthy()
    expect(within(receipt).getByText('999915261122094200000000000042')).toBeTruthy()
    expect(within(receipt).getByText('₦5,026.88')).toBeTruthy()
    expect(screen.queryByRole('dialog', { name: 'Transfer Successful' })).toBeNull()
  })
})
