// MSW handlers for the order screens' API, recording what the app asked for.
import { endpoints } from '#contract/index'
import type { OrderSummary } from '#contract/orders'

import { handle, ok, server } from '../harness'
import { customer, customerInfo, customerPage, orderAnalytics, orderPage, orderSummary } from '../sales-fixtures'

export const STATUSES = ['paid', 'pending', 'refunded', 'partially-paid', 'failed'] as const

/** A fake ledger of `total` orders served page by page (newest first), recording every query string. */
export function orderLedger(total: number, make: (n: number) => OrderSummary = defaultOrder) {
  const queries: URLSearchParams[] = []
  server.use(
    handle(endpoints.listOrders, ({ request }) => {
      const params = new URL(request.url).searchParams
      queries.push(params)
      const page = Number(params.get('page'))
      const size = Number(params.get('size'))
      const from = (page - 1) * size
      const items = Array.from({ length: Math.max(0, Math.min(size, total - from)) }, (_, i) => make(from + i))
      return ok(orderPage(items, page, size, total))
    }),
    handle(endpoints.orderAnalytics, () => ok(orderAnalytics())),
    handle(endpoints.listCustomers, () =>
      ok(customerPage([customer(), customer({ id: 'cus-2', name: 'Ngozi Eze', email: null, phone: null })])),
    ),
    handle(endpoints.customerInfo, ({ request }) => {
      const id = new URL(request.url).searchParams.get('customerId')
      return ok(customerInfo({ customer: customer(id === 'cus-2' ? { id: 'cus-2', name: 'Ngozi Eze' } : {}) }))
    }),
  )
  return queries
}

function defaultOrder(n: number): OrderSummary {
  return orderSummary({
    id: `order-${n}`,
    reference: `ORD-${String(n).padStart(5, '0')}`,
    status: STATUSES[n % STATUSES.length],
    customer: n % 4 === 3 ? null : { id: `cus-${n}`, name: `Customer ${n}` },
    amount: 100_000 * (n + 1),
    amountPaid: 0,
  })
}
