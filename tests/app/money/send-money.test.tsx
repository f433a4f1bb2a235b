import { onlineManager } from '@tanstack/react-query'
import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'

import { queryKeys } from '#app/lib/query-keys'
import { endpoints } from '#contract/index'

import { pinStatus, SETTLEMENT, transaction } from '../fixtures'
import { fail, handle, ok, renderApp, server, useAppHarness } from '../harness'
import { api, fillDetails, openPin, openSendMoney, proceed, typePin } from './send-money-helpers'

useAppHarness()

describe('Send Money, step 1', () => {
  it('enables Proceed only with a bank, 10 digits, a resolved name and an amount', async () => {
    const calls = api()
    const { user } = await openSendMoney()
    expect(proceed().disabled).toBe(true)

    await user.click(screen.getByRole('combobox', { name: 'Bank' }))
    await user.click(await screen.findByRole('option', { name: 'Access Bank' }))
    expect(proceed().disabled).toBe(true)

    // Digits only: letters never reach the field.
    await user.type(screen.getByLabelText('Account number'), '06900abc0003')
    expect((screen.getByLabelText('Account number') as HTMLInputElement).value).toBe('069000003')
    expect(calls.resolves).toEqual([])
    expect(proceed().disabled).toBe(true)

    await user.type(screen.getByLabelText('Account number'), '2')
    expect(await screen.findByText('ADA OBI')).toBeTruthy()
    expect(calls.resolves).toEqual(['0690000032'])
    expect(proceed().disabled).toBe(true)

    await user.type(screen.getByLabelText('Amount'), '5000.50')
    await waitFor(() => expect(proceed().disabled).toBe(false))
    expect(await screen.findByText('Charge: ₦26.88')).toBeTruthy()

    // Deleting a digit takes the name away with it.
    await user.type(screen.getByLabelText('Account number'), '{Backspace}')
    expect(screen.queryByText('ADA OBI')).toBeNull()
    expect(proceed().disabled).toBe(true)
  })

  it('finds a bank by the name people use for it: GTB, gt bank', async () => {
    api()
    const { user } = await openSendMoney()
    const bank = screen.getByRole('combobox', { name: 'Bank' })
    await user.type(bank, 'GTB')
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Guaranty Trust Bank'])
    await user.clear(bank)
    await user.type(bank, 'gt bank')
    await user.click(screen.getByRole('option', { name: 'Guaranty Trust Bank' }))
    expect((bank as HTMLInputElement).value).toBe('Guaranty Trust Bank')
  })

  it('says a PIN must be created first, and keeps Proceed disabled', async () => {
    api({ hasPin: false })
    const { user } = await openSendMoney()
    expect(await screen.findByText('Create your transaction PIN first: Settings → Security.')).toBeTruthy()
    await fillDetails(user)
    await screen.findByText('ADA OBI')
    await new Promise((r) => setTimeout(r, 400))
    expect(proceed().disabled).toBe(true)
  })

  it('checks the NUBAN check digit before asking the bank', async () => {
    const calls = api()
    const { user } = await openSendMoney()
    await fillDetails(user, '0690000031', '')
    expect(await screen.findByText('This account number is not valid for the selected bank.')).toBeTruthy()
    expect(calls.resolves).toEqual([])
    expect(proceed().disabled).toBe(true)
  })

  it("says 'Could not resolve account, please try again' and clears the name when resolution fails", async () => {
    api({ resolve: 'fail' })
    const { user } = await openSendMoney()
    await fillDetails(user)
    const messages = await screen.findAllByText('Could not resolve account, please try again')
    expect(messages.length).toBeGreaterThanOrEqual(1)
    expect(screen.queryByTestId('resolved-account-name')).toBeNull()
    expect(proceed().disabled).toBe(true)
  })

  it('fills and resolves the settlement account when asked to send there', async () => {
    const calls = api()
    const { user } = await openSendMoney()
    await user.click(screen.getByRole('checkbox', { name: 'Send to my settlement account' }))
    expect(await screen.findByText('ADA OBI')).toBeTruthy()
    expect(calls.resolves).toEqual([SETTLEMENT.accountNumber])
    expect((screen.getByLabelText('Account number') as HTMLInputElement).disabled).toBe(true)
  })
})

describe('Send Money, step 2 and the PIN', () => {
  it('Back returns to step 1 with every value kept', async () => {
    api()
    const { user } = await openSendMoney()
    await fillDetails(user)
    await user.type(screen.getByLabelText('Narration (optional)'), 'Rice')
    await waitFor(() => expect(proceed().disabled).toBe(false))
    await user.click(proceed())

    const confirm = await screen.findByRole('dialog', { name: 'Confirm Payment' })
    expect(within(confirm).getAllByText('₦5,000.00').length).toBeGreaterThan(0)
    expect(await within(confirm).findByText('₦5,026.88')).toBeTruthy()
    await user.click(within(confirm).getByRole('button', { name: 'Back' }))

    await screen.findByRole('dialog', { name: 'Send Money' })
    expect((screen.getByRole('combobox', { name: 'Bank' }) as HTMLInputElement).value).toBe('Access Bank')
    expect((screen.getByLabelText('Account number') as HTMLInputElement).value).toBe('0690000032')
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('5,000')
    expect((screen.getByLabelText('Narration (optional)') as HTMLInputElement).value).toBe('Rice')
    expect(screen.getByText('ADA OBI')).toBeTruthy()
    expect(proceed().disabled).toBe(false)
  })

  it('shows a wrong PIN in place, retries with a new Idempotency-Key, then shows the success dialog', async () => {
    const calls = api({ send: [() => fail(422, 'INVALID_PIN', 'Incorrect PIN. 4 attempts remaining.')] })
    const { user } = await openSendMoney()
    await fillDetails(user)
    await waitFor(() => expect(proceed().disabled).toBe(false))
    await user.click(proceed())
    await openPin(user)

    const pinDialog = await screen.findByRole('alertdialog', { name: 'Enter your transaction PIN' })
    await typePin(user, pinDialog, '1111')
    expect(await within(pinDialog).findByText('Incorrect PIN. 4 attempts remaining.')).toBeTruthy()

    await typePin(user, pinDialog, '1234')
    expect(await screen.findByRole('dialog', { name: 'Transfer Successful' })).toBeTruthy()
    expect(calls.sends).toHaveLength(2)
    expect(calls.sends[0]!.body).toEqual({ amount: 500_000, requestId: 'req-1', pin: '1111' })
    expect(calls.sends[1]!.body).toEqual({ amount: 500_000, requestId: 'req-1', pin: '1234' })
    expect(calls.sends[0]!.key).toMatch(/^[0-9a-f-]{36}$/)
    expect(calls.sends[1]!.key).not.toBe(calls.sends[0]!.key)
  })

  it('reuses the Idempotency-Key when the same payment is retried after a network failure', async () => {
    const calls = api({ send: [() => Response.error()] })
    const { user } = await openSendMoney()
    await fillDetails(user)
    await waitFor(() => expect(proceed().disabled).toBe(false))
    await user.click(proceed())
    await openPin(user)
    const pinDialog = await screen.findByRole('alertdialog')
    await typePin(user, pinDialog, '1234')
    expect(await within(pinDialog).findByText('We could not confirm the payment. Try again: it will not be sent twice.')).toBeTruthy()

    await user.click(within(pinDialog).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('dialog', { name: 'Transfer Successful' })).toBeTruthy()
    expect(calls.sends).toHaveLength(2)
    expect(calls.sends[1]!.key).toBe(calls.sends[0]!.key)
    expect(calls.sends[1]!.body).toEqual(calls.sends[0]!.body)
  })

  it('says it is still checking the transfer when the server still holds the first try, and retries with the same key', async () => {
    const calls = api({
      send: [
        () => fail(409, 'IDEMPOTENCY_IN_PROGRESS', 'A request with this Idempotency-Key is still being processed; wait a moment and retry'),
      ],
    })
    const { user } = await openSendMoney()
    await fillDetails(user)
    await waitFor(() => expect(proceed().disabled).toBe(false))
    await user.click(proceed())
    await openPin(user)
    const pinDialog = await screen.findByRole('alertdialog')
    await typePin(user, pinDialog, '1234')
    expect(
      await within(pinDialog).findByText('We are still checking this transfer. Try again in a moment: it will not be sent twice.'),
    ).toBeTruthy()
    expect(screen.queryByText(/still being processed/)).toBeNull()
    // News, not a refusal: nothing under the boxes reads as an error.
    expect(within(pinDialog).queryByRole('alert')).toBeNull()

    await user.click(within(pinDialog).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('dialog', { name: 'Transfer Successful' })).toBeTruthy()
    expect(calls.sends).toHaveLength(2)
    expect(calls.sends[1]!.key).toBe(calls.sends[0]!.key)
    expect(calls.sends[1]!.body).toEqual(calls.sends[0]!.body)
  })

  it('says so when the bank leaves the transfer pending', async () => {
    api({
      send: [() => ok(transaction({ type: 'debit', status: 'pending', amount: 500_000, fee: 2_688, beneficiaryAccountName: 'ADA OBI' }))],
    })
    const { user, router } = await openSendMoney()
    await fillDetails(user)
    await waitFor(() => expect(proceed().disabled).toBe(false))
    await user.click(proceed())
    await openPin(user)
    await typePin(user, await screen.findByRole('alertdialog'), '1234')
    const outcome = await screen.findByRole('dialog', { name: 'Transfer pending' })
    // Opened as the PIN dialog closes, it may take pointer events back a moment later on a loaded machine.
    const okay = within(outcome).getByRole('button', { name: 'Okay' })
    await waitFor(() => user.click(okay))
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'))
  })

  it('closing resets everything', async () => {
    api()
    const { user, router } = await openSendMoney()
    await fillDetails(user)
    await screen.findByText('ADA OBI')
    await user.click(screen.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send Money' })).toBeNull())

    await act(() => router.navigate({ to: '/home/send-money' }))
    await screen.findByRole('dialog', { name: 'Send Money' })
    expect((screen.getByRole('combobox', { name: 'Bank' }) as HTMLInputElement).value).toBe('')
    expect((screen.getByLabelText('Account number') as HTMLInputElement).value).toBe('')
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('')
    expect(screen.queryByText('ADA OBI')).toBeNull()
  })
})

describe('Send Money offline', () => {
  it('disables Send Money on the balance card and says why', async () => {
    api()
    onlineManager.setOnline(false)
    renderApp('/home')
    const button = (await screen.findByRole('button', { name: 'Send Money' })) as HTMLButtonElement
    expect(button.disabled).toBe(true)
    const reason = document.getElementById(button.getAttribute('aria-describedby')!)
    expect(reason?.textContent).toBe('You are offline. Money actions are paused until you reconnect.')
    expect(screen.queryByRole('link', { name: 'Send Money' })).toBeNull()
  })

  it('opens at once offline, money disabled, and the settlement box fills from what the device saved', async () => {
    api()
    const { router, queryClient, user } = renderApp('/home')
    expect(await screen.findByRole('link', { name: 'Send Money' })).toBeTruthy()
    // Saved a while ago (Payout settings), so stale: a fetch of it would wait for the network, which is not there.
    queryClient.setQueryData(queryKeys.banking.settlementAccount(), SETTLEMENT, { updatedAt: Date.now() - 10 * 60_000 })
    act(() => onlineManager.setOnline(false))
    // No network under the app: every call fails as a phone's would, and a query's retry waits for the network.
    server.use(http.all('*/api/*', () => HttpResponse.error()))
    await act(() => router.navigate({ to: '/home/send-money' }))
    const sheet = await screen.findByRole('dialog', { name: 'Send Money' })
    expect(within(sheet).getByText('You are offline. Money actions are paused until you reconnect.')).toBeTruthy()
    expect(proceed().disabled).toBe(true)
    await user.click(screen.getByRole('checkbox', { name: 'Send to my settlement account' }))
    await waitFor(() => expect((screen.getByLabelText('Account number') as HTMLInputElement).value).toBe(SETTLEMENT.accountNumber))
    expect(proceed().disabled).toBe(true)
  })

  it('prompts on Home to create a transaction PIN when none exists', async () => {
    api({ hasPin: false })
    renderApp('/home')
    expect(await screen.findByText('Create a transaction PIN to send money and change payouts.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Create PIN' }).getAttribute('href')).toBe('/settings?tab=security')
  })

  it('does not prompt a member who cannot move money to create a PIN, nor ask for their PIN', async () => {
    api({ hasPin: false })
    let asked = 0
    server.use(
      handle(endpoints.pinStatus, () => {
        asked += 1
        return ok(pinStatus({ hasPin: false }))
      }),
    )
    renderApp('/home', { permissions: ['VENDOR_WALLET', 'VENDOR_TRANSACTIONS', 'VENDOR_OUTLETS'] })
    await screen.findByRole('link', { name: 'Add money' })
    expect(screen.queryByText('Create a transaction PIN to send money and change payouts.')).toBeNull()
    expect(screen.queryByRole('link', { name: 'Create PIN' })).toBeNull()
    expect(asked).toBe(0)
  })

  it('hides Send Money from a member without the transfers permission', async () => {
    api()
    renderApp('/home', { permissions: ['VENDOR_WALLET', 'VENDOR_TRANSACTIONS'] })
    await screen.findByRole('link', { name: 'Add money' })
    expect(screen.queryByRole('link', { name: 'Send Money' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Send Money' })).toBeNull()
  })
})
