import { onlineManager } from '@tanstack/react-query'
import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { PERMISSIONS } from '#contract/permissions'

import { fail, handle, ok, renderApp, server, useAppHarness } from '../harness'
import { typePin } from '../money/send-money-helpers'
import { outlet, outletTransfer } from '../outlets-fixtures'
import { outletsApi } from './outlets-api'

useAppHarness()

const SUCCESS = 'Your transaction has been processed succesfully.'

interface Sent {
  key: string | null
  body: unknown
}

type User = ReturnType<typeof renderApp>['user']

/** Records each transfer request; `answers[n]` answers the n-th (a success by default). */
function transferApi(endpoint: typeof endpoints.fundOutlet | typeof endpoints.transferToMain, answers: (() => Response)[] = []) {
  const sent: Sent[] = []
  server.use(
    handle(endpoint, async ({ request }) => {
      sent.push({ key: request.headers.get('Idempotency-Key'), body: await request.json() })
      return answers[sent.length - 1]?.() ?? ok(outletTransfer(150_050, 2_650_050), 'Transfer successful')
    }),
  )
  return sent
}

async function openOutlet(permissions = [...PERMISSIONS]) {
  const app = renderApp('/outlets/outlet-1', { permissions })
  await screen.findByRole('heading', { name: 'Lekki', level: 1 })
  await waitFor(() => expect(screen.getByTestId('outlet-balance').textContent).toBe('₦25,000.00'))
  return app
}

async function openSheet(user: User, name: 'Transfer to Outlet' | 'Transfer to Main Wallet') {
  await user.click(screen.getByRole('link', { name }))
  return screen.findByRole('dialog', { name })
}

/** Details → Proceed → the confirm step, whose rows are answered as label → value. */
async function proceed(user: User, sheet: HTMLElement) {
  await user.click(within(sheet).getByRole('button', { name: 'Proceed' }))
  const confirm = await screen.findByRole('dialog', { name: 'Confirm Transfer' })
  const rows = Object.fromEntries([...confirm.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]))
  return { confirm, rows }
}

/** Confirm step → Transfer → the PIN dialog, with `pin` typed (the fourth digit submits). */
async function authorise(user: User, confirm: HTMLElement, pin = '1234') {
  await user.click(within(confirm).getByRole('button', { name: 'Transfer' }))
  const dialog = await screen.findByRole('alertdialog', { name: 'Enter your transaction PIN' })
  await typePin(user, dialog, pin)
  return dialog
}

describe('Transfer to Outlet', () => {
  it('confirms amount, from and to, asks for the PIN, sends it with the amount in kobo and a key, then says so exactly', async () => {
    const calls = outletsApi({ balances: [2_500_000, 2_650_050] })
    const sent = transferApi(endpoints.fundOutlet)
    const { user, router } = await openOutlet()
    await waitFor(() => expect(calls.transactions).toHaveLength(1))
    expect(calls.transactions[0]!.get('outletId')).toBe('outlet-1')

    const sheet = await openSheet(user, 'Transfer to Outlet')
    expect(await within(sheet).findByText('Available: ₦1,250,000.00')).toBeTruthy()
    expect((within(sheet).getByRole('button', { name: 'Proceed' }) as HTMLButtonElement).disabled).toBe(true)
    await user.type(within(sheet).getByLabelText('Amount'), '1,500.5x')
    expect((within(sheet).getByLabelText('Amount') as HTMLInputElement).value).toBe('1,500.5')
    await user.type(within(sheet).getByLabelText('Narration (optional)'), ' Float for the weekend ')

    // Nothing is sent before the confirm step and the PIN.
    const { confirm, rows } = await proceed(user, sheet)
    expect(rows).toEqual({ Amount: '₦1,500.50', From: 'Main wallet', To: 'Lekki', Charge: 'Free', Narration: 'Float for the weekend' })
    expect(sent).toEqual([])
    await user.click(within(confirm).getByRole('button', { name: 'Transfer' }))
    const pin = await screen.findByRole('alertdialog', { name: 'Enter your transaction PIN' })
    expect(within(pin).getByText('Enter your 4-digit PIN to move ₦1,500.50 from Main wallet to Lekki.')).toBeTruthy()
    expect(sent).toEqual([])
    await typePin(user, pin, '1234')

    const done = await screen.findByRole('dialog', { name: 'Transfer Successful' })
    expect(within(done).getByText(SUCCESS)).toBeTruthy()
    expect(sent).toHaveLength(1)
    expect(sent[0]!.body).toEqual({ amount: 150_050, outletId: 'outlet-1', narration: 'Float for the weekend', pin: '1234' })
    expect(sent[0]!.key).toMatch(/^[0-9a-f-]{36}$/)
    // The outlet's balance and transactions are asked for again.
    await waitFor(() => expect(calls.balances.length).toBeGreaterThanOrEqual(2))
    await waitFor(() => expect(calls.transactions.length).toBeGreaterThanOrEqual(2))

    await waitFor(() => user.click(within(done).getByRole('button', { name: 'Okay' })))
    await waitFor(() => expect(router.state.location.pathname).toBe('/outlets/outlet-1'))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(screen.getByTestId('outlet-balance').textContent).toBe('₦26,500.50')

    // The next transfer starts from an empty form.
    const again = await openSheet(user, 'Transfer to Outlet')
    expect((within(again).getByLabelText('Amount') as HTMLInputElement).value).toBe('')
    expect((within(again).getByLabelText('Narration (optional)') as HTMLInputElement).value).toBe('')
    expect(screen.queryByRole('dialog', { name: 'Transfer Successful' })).toBeNull()
  })

  it('a wrong PIN is said under the PIN boxes with the attempts left; the boxes empty, and the right PIN then sends', async () => {
    outletsApi()
    const sent = transferApi(endpoints.fundOutlet, [() => fail(422, 'INVALID_PIN', 'Incorrect PIN. 4 attempts remaining.')])
    const { user } = await openOutlet()
    const sheet = await openSheet(user, 'Transfer to Outlet')
    await user.type(within(sheet).getByLabelText('Amount'), '1500.50')
    const { confirm } = await proceed(user, sheet)
    const dialog = await authorise(user, confirm, '9999')

    expect((await within(dialog).findByRole('alert')).textContent).toBe('Incorrect PIN. 4 attempts remaining.')
    expect((within(dialog).getByLabelText('Transaction PIN, digit 1 of 4') as HTMLInputElement).value).toBe('')
    expect(screen.queryByRole('dialog', { name: 'Transfer Successful' })).toBeNull()
    await typePin(user, dialog, '1234')
    expect(await screen.findByRole('dialog', { name: 'Transfer Successful' })).toBeTruthy()
    expect(sent.map((s) => (s.body as { pin: string }).pin)).toEqual(['9999', '1234'])
    // A refusal ends the attempt: the next one is a new transfer with a new key.
    expect(sent[1]!.key).not.toBe(sent[0]!.key)
  })

  it('a refusal that is not the PIN’s closes the PIN and is said on the confirm step; trying again uses a new key', async () => {
    outletsApi()
    const sent = transferApi(endpoints.fundOutlet, [() => fail(422, 'INSUFFICIENT_FUNDS', 'Insufficient balance in your main wallet')])
    const { user } = await openOutlet()
    const sheet = await openSheet(user, 'Transfer to Outlet')
    await user.type(within(sheet).getByLabelText('Amount'), '2000')
    const { confirm } = await proceed(user, sheet)
    await authorise(user, confirm)
    expect(await within(confirm).findByRole('alert')).toHaveProperty('textContent', 'Insufficient balance in your main wallet')
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())

    await authorise(user, confirm)
    expect(await screen.findByRole('dialog', { name: 'Transfer Successful' })).toBeTruthy()
    expect(sent).toHaveLength(2)
    expect(sent[1]!.key).not.toBe(sent[0]!.key)
  })

  it('reuses the Idempotency-Key to retry a transfer whose outcome is unknown', async () => {
    outletsApi()
    const sent = transferApi(endpoints.fundOutlet, [() => Response.error()])
    const { user } = await openOutlet()
    const sheet = await openSheet(user, 'Transfer to Outlet')
    await user.type(within(sheet).getByLabelText('Amount'), '1500.50')
    const { confirm } = await proceed(user, sheet)
    const dialog = await authorise(user, confirm)
    expect(await within(dialog).findByText('We could not confirm the transfer. Try again: it will not be sent twice.')).toBeTruthy()

    await user.click(within(dialog).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('dialog', { name: 'Transfer Successful' })).toBeTruthy()
    expect(sent).toHaveLength(2)
    expect(sent[1]!.key).toBe(sent[0]!.key)
    expect(sent[1]!.body).toEqual(sent[0]!.body)
  })

  it('is not offered to a user without VENDOR_TRANSFERS, who can still move money back to the main wallet', async () => {
    outletsApi()
    await openOutlet(PERMISSIONS.filter((p) => p !== 'VENDOR_TRANSFERS'))
    expect(screen.queryByRole('link', { name: 'Transfer to Outlet' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Transfer to Main Wallet' })).toBeTruthy()
  })
})

describe('Transfer to Main Wallet', () => {
  it('confirms outlet → main, sends the amount in kobo with the PIN and no narration, then shows the success dialog', async () => {
    const calls = outletsApi({ balances: [2_500_000, 1_000_000] })
    const sent = transferApi(endpoints.transferToMain)
    const { user } = await openOutlet()
    const sheet = await openSheet(user, 'Transfer to Main Wallet')
    expect(within(sheet).getByText('Available: ₦25,000.00')).toBeTruthy()
    expect(within(sheet).queryByLabelText('Narration (optional)')).toBeNull()
    await user.type(within(sheet).getByLabelText('Amount'), '15000')
    const { confirm, rows } = await proceed(user, sheet)
    expect(rows).toEqual({ Amount: '₦15,000.00', From: 'Lekki', To: 'Main wallet', Charge: 'Free' })
    await authorise(user, confirm)
    const done = await screen.findByRole('dialog', { name: 'Transfer Successful' })
    expect(within(done).getByText(SUCCESS)).toBeTruthy()
    expect(sent.map((s) => s.body)).toEqual([{ amount: 1_500_000, outletId: 'outlet-1', pin: '1234' }])
    expect(sent[0]!.key).toMatch(/^[0-9a-f-]{36}$/)
    await waitFor(() => expect(calls.balances.length).toBeGreaterThanOrEqual(2))
  })

  it('View receipt on Transfer Successful shows the receipt of the move, its reference included', async () => {
    outletsApi({ balances: [2_500_000, 1_000_000] })
    transferApi(endpoints.transferToMain)
    const { user } = await openOutlet()
    const sheet = await openSheet(user, 'Transfer to Main Wallet')
    await user.type(within(sheet).getByLabelText('Amount'), '15000')
    const { confirm } = await proceed(user, sheet)
    await authorise(user, confirm)
    const done = await screen.findByRole('dialog', { name: 'Transfer Successful' })
    await user.click(within(done).getByRole('button', { name: 'View receipt' }))
    const receipt = await screen.findByRole('dialog', { name: 'Receipt' })
    expect(within(receipt).getByText('VBO-REF-0001')).toBeTruthy()
    expect(within(receipt).getByText('₦1,500.50', { selector: 'p' })).toBeTruthy()
    expect(within(receipt).getByRole('button', { name: 'Download PDF' })).toBeTruthy()
    expect(within(receipt).getByRole('button', { name: 'Share' })).toBeTruthy()
  })

  it('more than the outlet holds is said on the confirm step, before any PIN, and Transfer stays disabled', async () => {
    outletsApi()
    const sent = transferApi(endpoints.transferToMain)
    const { user } = await openOutlet()
    const sheet = await openSheet(user, 'Transfer to Main Wallet')
    await user.type(within(sheet).getByLabelText('Amount'), '25000.01')
    const { confirm } = await proceed(user, sheet)
    expect(within(confirm).getByRole('alert').textContent).toBe(
      'This is more than Lekki holds (₦25,000.00). Go back and enter a smaller amount.',
    )
    expect((within(confirm).getByRole('button', { name: 'Transfer' }) as HTMLButtonElement).disabled).toBe(true)
    await user.click(within(confirm).getByRole('button', { name: 'Back' }))
    expect(
      (within(await screen.findByRole('dialog', { name: 'Transfer to Main Wallet' })).getByLabelText('Amount') as HTMLInputElement).value,
    ).toBe('25,000.01')
    expect(sent).toEqual([])
  })
})

describe('Transfers that cannot be made now', () => {
  it('for an inactive outlet: no money in, with the reason; its balance can still go to the main wallet', async () => {
    outletsApi({ outlets: [outlet({ status: 'inactive' })] })
    renderApp('/outlets/outlet-1')
    const button = (await screen.findByRole('button', { name: 'Transfer to Outlet' })) as HTMLButtonElement
    expect(button.disabled).toBe(true)
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(
      'This outlet is inactive: it takes no money until it is activated again. Its balance can still be moved to the main wallet.',
    )
    expect(screen.getByRole('link', { name: 'Transfer to Main Wallet' }).getAttribute('href')).toBe('/outlets/outlet-1/transfer-to-main')
  })

  it('are disabled offline, with the reason, and never sent', async () => {
    outletsApi()
    const sent = transferApi(endpoints.transferToMain)
    const { router } = await openOutlet()
    act(() => onlineManager.setOnline(false))
    const button = (await screen.findByRole('button', { name: 'Transfer to Main Wallet' })) as HTMLButtonElement
    expect(button.disabled).toBe(true)
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(
      'You are offline. Money actions are paused until you reconnect.',
    )
    // Reached by its address anyway, the sheet says why and keeps its button disabled.
    await act(() => router.navigate({ to: '/outlets/$outletId/transfer-to-main', params: { outletId: 'outlet-1' } }))
    const sheet = await screen.findByRole('dialog', { name: 'Transfer to Main Wallet' })
    expect(within(sheet).getByText('You are offline. Money actions are paused until you reconnect.')).toBeTruthy()
    expect((within(sheet).getByRole('button', { name: 'Proceed' }) as HTMLButtonElement).disabled).toBe(true)
    expect(sent).toEqual([])
  })
})
