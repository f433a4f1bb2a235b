// MSW handlers for the outlet screens' API, recording what the app asked for.
import { endpoints } from '#contract/index'
import type { Outlet, OutletMember } from '#contract/outlets'
import type { Transaction } from '#contract/transactions'

import { BALANCE, transaction, transactionPage } from '../fixtures'
import { handle, ok, server } from '../harness'
import { outlet, OUTLET_WALLET, outletMember, outletMemberPage, outletPage } from '../outlets-fixtures'

export interface OutletCalls {
  /** Query strings of GET /outlet. */
  lists: URLSearchParams[]
  /** Query strings of GET /outlet/wallet/balance and GET /transaction/outlet. */
  balances: URLSearchParams[]
  transactions: URLSearchParams[]
  details: URLSearchParams[]
  members: URLSearchParams[]
}

const params = (request: Request) => new URL(request.url).searchParams

/**
 * The outlet API as the screens read it: `outlets` for the list, the first one for the detail, its wallet
 * (`balance` kobo, each answer may differ: `balances[n]`), its transactions and members.
 */
export function outletsApi(
  options: { outlets?: Outlet[]; balances?: number[]; transactions?: Transaction[]; members?: OutletMember[] } = {},
): OutletCalls {
  const outlets = options.outlets ?? [
    outlet(),
    outlet({ id: 'outlet-2', name: 'Ikeja', address: '3 Allen Avenue, Ikeja', status: 'inactive', balance: 0 }),
  ]
  const balances = options.balances ?? [2_500_000]
  const rows = options.transactions ?? [transaction({ id: 'txn-o1', outletId: 'outlet-1', reference: 'VBO-OUT-0001' })]
  const members = options.members ?? [outletMember()]
  const calls: OutletCalls = { lists: [], balances: [], transactions: [], details: [], members: [] }
  server.use(
    handle(endpoints.listOutlets, ({ request }) => {
      calls.lists.push(params(request))
      const p = params(request)
      return ok(outletPage(outlets, Number(p.get('page') ?? 1), Number(p.get('size') ?? 20)))
    }),
    handle(endpoints.outletDetail, ({ request }) => {
      const id = params(request).get('outletId')
      return ok(outlets.find((o) => o.id === id) ?? outlets[0]!)
    }),
    handle(endpoints.outletWalletBalance, ({ request }) => {
      calls.balances.push(params(request))
      return ok({ balance: balances[Math.min(calls.balances.length, balances.length) - 1]!, currency: 'NGN' })
    }),
    handle(endpoints.outletWalletDetails, () => ok(OUTLET_WALLET)),
    handle(endpoints.outletTransactions, ({ request }) => {
      calls.transactions.push(params(request))
      return ok(transactionPage(rows))
    }),
    handle(endpoints.outletTransactionDetail, ({ request }) => {
      calls.details.push(params(request))
      return ok(rows.find((t) => t.id === params(request).get('id')) ?? rows[0]!)
    }),
    handle(endpoints.listOutletMembers, ({ request }) => {
      calls.members.push(params(request))
      return ok(outletMemberPage(members))
    }),
    handle(endpoints.walletBalance, () => ok(BALANCE)),
  )
  return calls
}
