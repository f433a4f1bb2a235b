import { screen, waitFor, within } from '@testing-library/react'
import { expect } from 'vitest'

import type { RecentBeneficiary, SavedBeneficiary } from '#contract/beneficiaries'
import { endpoints } from '#contract/index'
import type { PayoutBatchSummary } from '#contract/payout-batches'

import { BALANCE, BANKS, charges, pinStatus, resolved, SEND_LIMITS, SETTLEMENT, transaction, WALLET_DETAILS } from '../fixtures'
import { fail, handle, ok, renderApp, server } from '../harness'

/* The API as the Send Money flow sees it, and the steps a user takes through it. */

export interface Calls {
  resolves: string[]
  sends: { key: string | null; body: Record<string, unknown> }[]
}

/** The API as the Send Money flow sees it; `send` answers each POST /transfer/send in turn. */
export function api(
  options: {
    resolve?: 'ok' | 'fail'
    send?: ((n: number) => Response)[]
    hasPin?: boolean
    /** Main wallet balance in kobo (BALANCE when not given). */
    balance?: number
    thirdParty?: boolean
    settlement?: typeof SETTLEMENT | null
    /** The account name each name enquiry answers in turn (ADA OBI when not given). */
    names?: string[]
    /** GET /transfer/beneficiaries' answer (none when not given). */
    beneficiaries?: { recent: RecentBeneficiary[]; saved: SavedBeneficiary[] }
    /** Send limits (decision 144); SEND_LIMITS when not given. */
    limits?: typeof SEND_LIMITS
    /** GET /transfer/batches' batches, the bulk payout sheet's Earlier payouts (none when not given). */
    payoutBatches?: PayoutBatchSummary[]
  } = {},
): Calls {
  const calls: Calls = { resolves: [], sends: [] }
  server.use(
    handle(endpoints.walletBalance, () => ok({ ...BALANCE, balance: options.balance ?? BALANCE.balance })),
    handle(endpoints.walletDetails, () => ok(WALLET_DETAILS)),
    handle(endpoints.transactionAnalytics, () => new Promise(() => {})),
    handle(endpoints.transactionBreakdown, () => new Promise(() => {})),
    handle(endpoints.netFigures, () => new Promise(() => {})),
    // Home's order figures, under the money sheets: never answered, no test here reads them.
    handle(endpoints.orderAnalytics, () => new Promise(() => {})),
    handle(endpoints.listBanks, () => ok(BANKS)),
    handle(endpoints.listBeneficiaries, () => ok(options.beneficiaries ?? { recent: [], saved: [] })),
    handle(endpoints.payoutBatches, () => {
      const items = options.payoutBatches ?? []
      return ok({ items, page: 1, size: 10, total: items.length })
    }),
    handle(endpoints.pinStatus, () => ok(pinStatus({ hasPin: options.hasPin ?? true }))),
    handle(endpoints.thirdPartyTransfers, () => ok({ isEnabled: options.thirdParty ?? true })),
    handle(endpoints.sendLimits, () => ok(options.limits ?? SEND_LIMITS)),
    handle(endpoints.settlementAccount, () => ok(options.settlement === undefined ? SETTLEMENT : options.settlement)),
    handle(endpoints.transferCharges, ({ request }) => {
      const amount = Number(new URL(request.url).searchParams.get('amount'))
      return ok(amount < 500_000 ? charges(1_075, 'BELOW5000') : charges(2_688, 'BELOW50000'))
    }),
    handle(endpoints.resolveAccount, ({ request }) => {
      const url = new URL(request.url)
      const accountNumber = url.searchParams.get('accountNumber')!
      calls.resolves.push(accountNumber)
      if (options.resolve === 'fail') return fail(502, 'PROVIDER_ERROR', 'Name enquiry failed')
      const accountName = options.names?.[calls.resolves.length - 1]
      return ok(
        resolved({
          accountNumber,
          bankCode: url.searchParams.get('bankCode')!,
          requestId: `req-${calls.resolves.length}`,
          ...(accountName ? { accountName } : {}),
        }),
      )
    }),
    handle(endpoints.sendMoney, async ({ request }) => {
      calls.sends.push({ key: request.headers.get('Idempotency-Key'), body: (await request.json()) as Record<string, unknown> })
      const answer = options.send?.[calls.sends.length - 1]
      return answer
        ? answer(calls.sends.length)
        : ok(transaction({ type: 'debit', amount: 500_000, fee: 2_688, beneficiaryAccountName: 'ADA OBI' }), 'Transfer successful')
    }),
  )
  return calls
}

export async function typePin(user: ReturnType<typeof renderApp>['user'], dialog: HTMLElement, pin: string) {
  // The PIN dialog opens over another one and takes pointer events only once Ark has registered its layer, which on
  // a loaded machine can come after it is found: until then user-event refuses the tap (`pointer-events: none`).
  await waitFor(() => user.click(within(dialog).getByLabelText('Transaction PIN, digit 1 of 4')))
  await user.keyboard(pin)
}

/** From step 2: Send money is enabled once the charge (and so the total) is known. */
export async function openPin(user: ReturnType<typeof renderApp>['user']) {
  const send = (await screen.findByRole('button', { name: 'Send money' })) as HTMLButtonElement
  await waitFor(() => expect(send.disabled).toBe(false))
  await user.click(send)
}

export async function openSendMoney(options?: Parameters<typeof renderApp>[1]) {
  const app = renderApp('/home/send-money', options)
  await screen.findByRole('dialog', { name: 'Send Money' })
  return app
}

export async function fillDetails(user: ReturnType<typeof renderApp>['user'], account = '0690000032', amount = '5000') {
  await user.click(screen.getByRole('combobox', { name: 'Bank' }))
  await user.type(screen.getByRole('combobox', { name: 'Bank' }), 'acc')
  await user.click(await screen.findByRole('option', { name: 'Access Bank' }))
  await user.type(screen.getByLabelText('Account number'), account)
  if (amount) await user.type(screen.getByLabelText('Amount'), amount)
}

export const proceed = () => screen.getByRole('button', { name: 'Proceed' }) as HTMLButtonElement
