import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { SETTLEMENT } from '../fixtures'
import { fail, useAppHarness } from '../harness'
import { api, fillDetails, openPin, openSendMoney, proceed, typePin } from './send-money-helpers'

/*
 * Send Money tells the truth before the PIN (decision 087): what is already known to stop a transfer is said on
 * the Confirm step with Send disabled, never under the PIN boxes where it reads as a wrong PIN.
 */

useAppHarness()

const sendButton = () => screen.getByRole('button', { name: 'Send money' }) as HTMLButtonElement

async function toConfirm(user: Awaited<ReturnType<typeof openSendMoney>>['user']) {
  await fillDetails(user)
  await waitFor(() => expect(proceed().disabled).toBe(false))
  await user.click(proceed())
  return screen.findByRole('dialog', { name: 'Confirm Payment' })
}

describe('Send Money, the Confirm step', () => {
  it('says the balance is too small for amount plus charge, and Send stays disabled', async () => {
    const calls = api({ balance: 400_000 })
    const { user } = await openSendMoney()
    const confirm = await toConfirm(user)
    const alert = await within(confirm).findByRole('alert')
    expect(alert.textContent).toBe(
      'Insufficient balance: this transfer needs ₦5,026.88 (amount plus charge) and your wallet has ₦4,000.00.',
    )
    expect(sendButton().disabled).toBe(true)
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(calls.sends).toEqual([])
  })

  it('lets the whole balance go when it covers amount plus charge exactly', async () => {
    api({ balance: 502_688 })
    const { user } = await openSendMoney()
    const confirm = await toConfirm(user)
    await waitFor(() => expect(sendButton().disabled).toBe(false))
    expect(within(confirm).queryByRole('alert')).toBeNull()
  })

  it('with third-party transfers off, step 1 is locked to the settlement account: no other account can be typed', async () => {
    const calls = api({
      thirdParty: false,
      settlement: { ...SETTLEMENT, accountNumber: '0123456785', bankCode: '058', bankName: 'Guaranty Trust Bank' },
    })
    const { user } = await openSendMoney()
    const box = (await screen.findByRole('checkbox', { name: 'Send to my settlement account' })) as HTMLInputElement
    await waitFor(() => expect(box.checked).toBe(true))
    expect(box.disabled).toBe(true)
    expect(screen.getByText(/Third-party transfers are turned off, so money can only go to your settlement account/)).toBeTruthy()
    const number = screen.getByLabelText('Account number') as HTMLInputElement
    await waitFor(() => expect(number.value).toBe('0123456785'))
    expect(number.disabled).toBe(true)
    expect((screen.getByRole('combobox', { name: 'Bank' }) as HTMLInputElement).disabled).toBe(true)
    // Typing over it or unticking the box changes nothing.
    await user.type(number, '0690000032')
    await user.click(box)
    expect(number.value).toBe('0123456785')
    expect(box.checked).toBe(true)
    expect(await screen.findByText('ADA OBI')).toBeTruthy()
    expect(calls.resolves).toEqual(['0123456785'])

    await user.type(screen.getByLabelText('Amount'), '5000')
    await waitFor(() => expect(proceed().disabled).toBe(false))
    await user.click(proceed())
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Payment' })
    await waitFor(() => expect(sendButton().disabled).toBe(false))
    expect(within(confirm).queryByRole('alert')).toBeNull()
  })

  it('with third-party transfers off and no settlement account, nothing can be sent and it says where to add one', async () => {
    api({ thirdParty: false, settlement: null })
    const { user } = await openSendMoney()
    expect(await screen.findByText('You have not set a settlement account yet.', { exact: false })).toBeTruthy()
    expect((screen.getByLabelText('Account number') as HTMLInputElement).disabled).toBe(true)
    await user.type(screen.getByLabelText('Amount'), '5000')
    expect(proceed().disabled).toBe(true)
  })

  it("moves the server's balance refusal out of the PIN dialog onto the Confirm step (balance not visible to this member)", async () => {
    api({ send: [() => fail(422, 'INSUFFICIENT_FUNDS', 'Insufficient balance')] })
    const { user } = await openSendMoney({ permissions: ['VENDOR_TRANSFERS'] })
    const confirm = await toConfirm(user)
    await openPin(user)
    await typePin(user, await screen.findByRole('alertdialog'), '1234')
    expect((await within(confirm).findByRole('alert')).textContent).toBe('Insufficient balance')
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(sendButton().disabled).toBe(true)
  })
})

describe('Send Money, an expired name lookup', () => {
  it('is renewed silently and the transfer sent with the same PIN', async () => {
    const calls = api({ send: [() => fail(422, 'INVALID_REQUEST_ID', 'requestId: has expired; resolve the account again')] })
    const { user } = await openSendMoney()
    await toConfirm(user)
    await openPin(user)
    await typePin(user, await screen.findByRole('alertdialog'), '1234')
    expect(await screen.findByRole('dialog', { name: 'Transfer Successful' })).toBeTruthy()
    expect(calls.resolves).toEqual(['0690000032', '0690000032'])
    expect(calls.sends.map((send) => send.body)).toEqual([
      { amount: 500_000, requestId: 'req-1', pin: '1234' },
      { amount: 500_000, requestId: 'req-2', pin: '1234' },
    ])
    expect(screen.queryByText(/has expired/)).toBeNull()
  })

  it('is not sent when the renewed lookup names someone else: the Confirm step shows the new name first', async () => {
    const calls = api({
      names: ['ADA OBI', 'MUSA BELLO'],
      send: [() => fail(422, 'INVALID_REQUEST_ID', 'requestId: has expired; resolve the account again')],
    })
    const { user } = await openSendMoney()
    const confirm = await toConfirm(user)
    await openPin(user)
    await typePin(user, await screen.findByRole('alertdialog'), '1234')

    expect((await within(confirm).findByRole('alert')).textContent).toBe(
      "The bank now gives this account's name as MUSA BELLO. Check it, then go Back and Proceed to send.",
    )
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(within(confirm).getByText('MUSA BELLO')).toBeTruthy()
    expect(sendButton().disabled).toBe(true)
    expect(calls.sends.map((send) => send.body.requestId)).toEqual(['req-1'])

    // Read again and confirmed: now it goes, with the renewed lookup.
    await user.click(screen.getByRole('button', { name: 'Back' }))
    await user.click(proceed())
    await openPin(user)
    await typePin(user, await screen.findByRole('alertdialog'), '1234')
    expect(await screen.findByRole('dialog', { name: 'Transfer Successful' })).toBeTruthy()
    expect(calls.sends.map((send) => send.body.requestId)).toEqual(['req-1', 'req-2'])
  })
})

describe('Send Money, a pasted account number', () => {
  it.each(['0690 000 032', ' 0690000032 ', '069-000-0032'])('%j becomes 0690000032 and is resolved', async (pasted) => {
    const calls = api()
    const { user } = await openSendMoney()
    await user.click(screen.getByLabelText('Account number'))
    await user.paste(pasted)
    expect((screen.getByLabelText('Account number') as HTMLInputElement).value).toBe('0690000032')
    await user.click(screen.getByRole('combobox', { name: 'Bank' }))
    await user.click(await screen.findByRole('option', { name: 'Access Bank' }))
    expect(await screen.findByText('ADA OBI')).toBeTruthy()
    expect(calls.resolves).toEqual(['0690000032'])
  })
})
