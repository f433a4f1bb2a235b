import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'

import type { RecentBeneficiary, SavedBeneficiary } from '#contract/beneficiaries'
import { endpoints } from '#contract/index'
import { nubanFor } from '#contract/nuban'

import { SAVED_BENEFICIARY, SETTLEMENT } from '../fixtures'
import { handle, ok, server, useAppHarness } from '../harness'
import { api, openSendMoney, proceed } from './send-money-helpers'

useAppHarness()

/* Recent and saved accounts in Send Money's step 1 (issue 36, decision 145). */

const GTB = nubanFor('058', '123456789')
const RECENT: RecentBeneficiary = {
  bankCode: '058',
  bankName: 'Guaranty Trust Bank',
  accountNumber: GTB,
  accountName: 'CHIDI EZE',
  lastSentAt: '2026-12-04T09:00:00.000Z',
}
describe('Send Money: recent and saved accounts', () => {
  it('offers saved then recent accounts; choosing one fills bank and account and still asks the bank for the name', async () => {
    // The saved account also sent to recently is listed once, under Saved.
    const calls = api({
      beneficiaries: { recent: [RECENT, { ...SAVED_BENEFICIARY, lastSentAt: RECENT.lastSentAt }], saved: [SAVED_BENEFICIARY] },
      names: ['CHIDI EZE'],
    })
    const { user } = await openSendMoney()
    const saved = await screen.findByRole('region', { name: 'Saved accounts' })
    expect(within(saved).getByRole('button', { name: /^Rice supplier/ }).textContent).toBe(
      'Rice supplierADA OBI · Access Bank · 0690000032',
    )
    const recent = screen.getByRole('region', { name: 'Recent accounts' })
    expect(
      within(recent)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([`CHIDI EZEGuaranty Trust Bank · ${GTB}`])

    await user.click(within(recent).getByRole('button', { name: /CHIDI EZE/ }))
    expect((screen.getByRole('combobox', { name: 'Bank' }) as HTMLInputElement).value).toBe('Guaranty Trust Bank')
    expect((screen.getByLabelText('Account number') as HTMLInputElement).value).toBe(GTB)
    expect(await screen.findByTestId('resolved-account-name')).toHaveProperty('textContent', expect.stringContaining('CHIDI EZE'))
    expect(calls.resolves).toEqual([GTB])
    expect(
      within(recent)
        .getByRole('button', { name: /CHIDI EZE/ })
        .getAttribute('aria-pressed'),
    ).toBe('true')
    await user.type(screen.getByLabelText('Amount'), '5000')
    await waitFor(() => expect(proceed().disabled).toBe(false))
  })

  it('shows three of each list at first, the rest on "Show all"', async () => {
    const recent = ['111111111', '222222222', '333333333', '444444444', '555555555'].map((serial, n) => ({
      ...RECENT,
      accountNumber: nubanFor('058', serial),
      accountName: `PAYEE ${n + 1}`,
    }))
    api({ beneficiaries: { recent, saved: [] } })
    const { user } = await openSendMoney()
    const list = await screen.findByRole('region', { name: 'Recent accounts' })
    const names = () =>
      within(list)
        .queryAllByRole('button', { pressed: false })
        .map((button) => button.firstChild?.textContent)
    expect(names()).toEqual(['PAYEE 1', 'PAYEE 2', 'PAYEE 3'])
    await user.click(within(list).getByRole('button', { name: 'Show all 5 recent accounts' }))
    expect(names()).toEqual(['PAYEE 1', 'PAYEE 2', 'PAYEE 3', 'PAYEE 4', 'PAYEE 5'])
  })

  it('offers none while third-party transfers are off: step 1 stays locked to the settlement account', async () => {
    const calls = api({ thirdParty: false, beneficiaries: { recent: [RECENT], saved: [SAVED_BENEFICIARY] } })
    await openSendMoney()
    expect(await screen.findByText(/Third-party transfers are turned off/)).toBeTruthy()
    await waitFor(() => expect(calls.resolves).toEqual([SETTLEMENT.accountNumber]))
    expect(screen.queryByRole('region', { name: 'Saved accounts' })).toBeNull()
    expect(screen.queryByRole('region', { name: 'Recent accounts' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Save this account' })).toBeNull()
  })

  it('saves a resolved account with a nickname, sending only the bank and the number', async () => {
    const list = { recent: [] as RecentBeneficiary[], saved: [] as SavedBeneficiary[] }
    api({ beneficiaries: list })
    const posted: unknown[] = []
    server.use(
      handle(endpoints.saveBeneficiary, async ({ request }) => {
        const body = (await request.json()) as { label: string }
        posted.push(body)
        list.saved = [{ ...SAVED_BENEFICIARY, label: body.label }]
        return ok(list.saved[0]!, 'Account saved')
      }),
    )
    const { user } = await openSendMoney()
    await user.click(screen.getByRole('combobox', { name: 'Bank' }))
    await user.click(await screen.findByRole('option', { name: 'Access Bank' }))
    await user.type(screen.getByLabelText('Account number'), '0690000032')
    await screen.findByText('ADA OBI')
    await user.click(screen.getByRole('button', { name: 'Save this account' }))
    await user.type(screen.getByLabelText('Nickname (optional)'), 'Rice supplier')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Saved as Rice supplier')).toBeTruthy()
    expect(posted).toEqual([{ bankCode: '044', accountNumber: '0690000032', label: 'Rice supplier' }])
    expect(await screen.findByRole('region', { name: 'Saved accounts' })).toBeTruthy()
  })

  it('removes a saved account', async () => {
    const list = { recent: [] as RecentBeneficiary[], saved: [SAVED_BENEFICIARY] }
    api({ beneficiaries: list })
    const removed: (string | null)[] = []
    server.use(
      http.delete('*/api/transfer/beneficiaries', ({ request }) => {
        removed.push(new URL(request.url).searchParams.get('id'))
        list.saved = []
        return HttpResponse.json({ message: 'Account removed', data: null })
      }),
    )
    const { user } = await openSendMoney()
    await user.click(await screen.findByRole('button', { name: 'Remove Rice supplier' }))
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Saved accounts' })).toBeNull())
    expect(removed).toEqual(['ben-1'])
  })
})
