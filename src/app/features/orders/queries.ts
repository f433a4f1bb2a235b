import { keepPreviousData, type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'

import { api, type Envelope } from '#app/lib/api'
import { enqueue, type OutboxItem } from '#app/lib/outbox'
import { type DateRangeKey, MONEY_KEYS, queryKeys } from '#app/lib/query-keys'
import { MAX_PAGE_SIZE } from '#contract/common'
import type { BodyInput } from '#contract/endpoint'
import { type Order, orderEndpoints, type OrderKind, type OrderStatus, type OrderSummary } from '#contract/orders'
import { stockEndpoints } from '#contract/stock'

import type { OrderFilters } from './search'

/** The API's largest page (MAX_PAGE_SIZE), for the CSV export. */
export const EXPORT_PAGE_SIZE = MAX_PAGE_SIZE

export const orderListQuery = (filters: OrderFilters) =>
  queryOptions({
    queryKey: queryKeys.orders.list(filters),
    queryFn: async ({ signal }) => (await api(orderEndpoints.listOrders, { query: filters, signal })).data,
    // The page on screen stays while the next one loads, so paging never blanks the list.
    placeholderData: keepPreviousData,
  })

/** The main store and outlets the caller may sell at (decision 174); the order form offers a choice when there are several. */
export const orderLocationsQuery = () =>
  queryOptions({
    queryKey: queryKeys.orders.locations(),
    queryFn: async ({ signal }) => (await api(stockEndpoints.orderLocations, { signal })).data,
  })

export const orderDetailQuery = (reference: string) =>
  queryOptions({
    queryKey: queryKeys.orders.detail(reference),
    queryFn: async ({ signal }) => (await api(orderEndpoints.orderDetail, { query: { reference }, signal })).data,
    // A payment can land at any moment and this page is where a vendor looks for it: opening it (even straight
    // after a reload restored it from the persisted cache) and coming back to the tab always ask again.
    refetchOnMount: 'always',
    refetchOnWindowFocus: 'always',
  })

/** The tiles' figures under the list's own filters (range, kind, status, customer), so both tell the same story. */
export type OrderAnalyticsFilters = DateRangeKey & { kind: OrderKind; status?: OrderStatus; customerId?: string }

/** The tiles take the list's filters, not its reference search or page: they sum the list, not one page of it. */
export function orderAnalyticsFilters(filters: OrderFilters, kind: OrderKind): OrderAnalyticsFilters {
  const { startDate, endDate, status, customerId } = filters
  return { startDate: startDate!, endDate: endDate!, kind, ...(status && { status }), ...(customerId && { customerId }) }
}

export const orderAnalyticsQuery = (filters: OrderAnalyticsFilters) =>
  queryOptions({
    queryKey: queryKeys.orders.analytics(filters),
    queryFn: async ({ signal }) => (await api(orderEndpoints.orderAnalytics, { query: filters, signal })).data,
  })

/** Home's sales and gross profit: every order and invoice made in the range (decision 175). */
export const grossProfitQuery = (range: DateRangeKey) => {
  const filters = { startDate: range.startDate, endDate: range.endDate }
  return queryOptions({
    queryKey: queryKeys.orders.analytics(filters),
    queryFn: async ({ signal }) => (await api(orderEndpoints.orderAnalytics, { query: filters, signal })).data,
  })
}

/** The item picker: live, available variants by product name or option value, one short page. */
export const sellableVariantsQuery = (name: string) => {
  const filters = { page: 1, size: 20, ...(name ? { name } : {}) }
  return queryOptions({
    queryKey: queryKeys.orders.variants(filters),
    queryFn: async ({ signal }) => (await api(orderEndpoints.sellableVariants, { query: filters, signal })).data,
    placeholderData: keepPreviousData,
  })
}

/**
 * The sellable variant with this SKU or barcode (a scan or a typed code, decision 175); null when none. Asked afresh
 * each time (staleTime 0): a cashier scanning must not add a variant switched off a minute ago from the cache.
 */
export const variantByCodeQuery = (code: string) => {
  const filters = { page: 1, size: 1, code }
  return queryOptions({
    queryKey: queryKeys.orders.variants(filters),
    queryFn: async ({ signal }) => (await api(orderEndpoints.sellableVariants, { query: filters, signal })).data.items[0] ?? null,
    staleTime: 0,
  })
}

/** A shareable order as its customer sees it. Its key is never persisted (docs/decisions/031). */
export const publicOrderQuery = (code: string) =>
  queryOptions({
    queryKey: queryKeys.publicOrder(code),
    queryFn: async ({ signal }) => (await api(orderEndpoints.publicOrder, { query: { code }, signal })).data,
  })

export type CreateOrderBody = BodyInput<typeof orderEndpoints.createOrder>
export type ShareableOrderBody = BodyInput<typeof orderEndpoints.createShareableOrder>

/** POST /order, or POST /order/shareable for an order with a public page the customer pays from (invoices always). */
export type CreateOrderInput = { idempotencyKey: string } & (
  { shareable: false; body: CreateOrderBody } | { shareable: true; body: ShareableOrderBody }
)

/** What a new or changed order makes stale: its lists and analytics, and the customers it counts towards. */
const ORDER_LIST_KEYS = [
  queryKeys.orders.lists(),
  [...queryKeys.orders.all, 'analytics'],
  [...queryKeys.orders.all, 'breakdown'],
  queryKeys.customers.all,
]

function invalidateOrderLists(queryClient: QueryClient) {
  for (const queryKey of ORDER_LIST_KEYS) void queryClient.invalidateQueries({ queryKey })
}

/**
 * Create an order or invoice. The form puts refusals under the fields they name, so no error toast here. An
 * order made for a transfer also changes that transfer (it now has a matching order): transactions are stale too.
 */
export function useCreateOrder() {
  const queryClient = useQueryClient()
  return useMutation<Envelope<Order>, Error, CreateOrderInput>({
    mutationFn: (input) => {
      const headers = { 'Idempotency-Key': input.idempotencyKey }
      return input.shareable
        ? api(orderEndpoints.createShareableOrder, { body: input.body, headers })
        : api(orderEndpoints.createOrder, { body: input.body, headers })
    },
    meta: { errorToast: false },
    onSuccess: ({ data }, input) => {
      queryClient.setQueryData(queryKeys.orders.detail(data.reference), data)
      invalidateOrderLists(queryClient)
      if (!input.shareable && input.body.transactionReference) void queryClient.invalidateQueries({ queryKey: queryKeys.transactions.all })
    },
  })
}

/** What the list of changes not yet sent says of an order made offline: "Order for Aisha Bello · 2 items". */
export function queuedOrderLabel(input: CreateOrderInput, customerName: string | undefined): string {
  const count = input.body.items.reduce((n, item) => n + item.quantity, 0)
  const what = input.body.kind === 'invoice' ? 'Invoice' : 'Order'
  return `${what} for ${customerName ?? 'no customer named'} · ${count} item${count === 1 ? '' : 's'}`
}

/**
 * Keeps an order or invoice made offline in the outbox (docs/decisions/092), under the key of this submit attempt:
 * if the server already has it (an answer lost on a flaky line), the queued send gets the same order back.
 */
export function queueOrder(input: CreateOrderInput, customerName: string | undefined): Promise<OutboxItem> {
  return enqueue({
    kind: input.body.kind ?? 'order',
    endpoint: input.shareable ? orderEndpoints.createShareableOrder : orderEndpoints.createOrder,
    body: input.body,
    idempotencyKey: input.idempotencyKey,
    label: queuedOrderLabel(input, customerName),
    invalidate: ORDER_LIST_KEYS,
  })
}

/** PATCH /order: a manual status change; the answer is the order as it now stands. */
export function useUpdateOrderStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: BodyInput<typeof orderEndpoints.updateOrderStatus>) => api(orderEndpoints.updateOrderStatus, { body }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(queryKeys.orders.detail(data.reference), data)
      invalidateOrderLists(queryClient)
    },
  })
}

/** PATCH /order/due-date: an unpaid invoice's due date moved, set or removed; the answer is the invoice. */
export function useSetInvoiceDueDate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: BodyInput<typeof orderEndpoints.setInvoiceDueDate>) => api(orderEndpoints.setInvoiceDueDate, { body }),
    // Refusals are said in the sheet, under the field (invoice-due-date.tsx).
    meta: { errorToast: false },
    onSuccess: ({ data }) => {
      queryClient.setQueryData(queryKeys.orders.detail(data.reference), data)
      invalidateOrderLists(queryClient)
    },
  })
}

export interface RefundInput {
  body: BodyInput<typeof orderEndpoints.refundOrder>
  idempotencyKey: string
}

/**
 * PUT /order: a refund. The sheet shows an unknown outcome in place (and offers to try again with the same key),
 * so no error toast here. Whatever the answer the wallet, transactions, orders and customers are refetched: even
 * a failure may have moved money (a network error after the server debited), and the ledger is the truth.
 */
export function useRefundOrder() {
  const queryClient = useQueryClient()
  return useMutation<Envelope<Order>, Error, RefundInput>({
    mutationFn: ({ body, idempotencyKey }) => api(orderEndpoints.refundOrder, { body, headers: { 'Idempotency-Key': idempotencyKey } }),
    meta: { errorToast: false },
    onSuccess: ({ data }) => queryClient.setQueryData(queryKeys.orders.detail(data.reference), data),
    onSettled: () => {
      for (const queryKey of MONEY_KEYS) void queryClient.invalidateQueries({ queryKey })
    },
  })
}

/**
 * Every order matching the filters, fetched a page of 1,000 at a time, straight from the API: an export must not
 * fill the query cache (and IndexedDB) with thousands of rows. A capped total (past 10,000, decision 157) is not the
 * end: pages are fetched until one comes back short, and the progress names no total it does not know.
 */
export async function fetchAllOrders(
  filters: OrderFilters,
  onProgress: (loaded: number, total: number) => void,
  signal?: AbortSignal,
): Promise<OrderSummary[]> {
  const rows: OrderSummary[] = []
  // The export's own pages replace the list's page and size.
  const { page: _page, size: _size, ...rest } = filters
  for (let next = 1; ; next++) {
    const { data } = await api(orderEndpoints.listOrders, { query: { ...rest, page: next, size: EXPORT_PAGE_SIZE }, signal })
    rows.push(...data.items)
    onProgress(rows.length, data.totalCapped ? 0 : data.total)
    if (data.items.length < EXPORT_PAGE_SIZE || (!data.totalCapped && rows.length >= data.total)) return rows
  }
}
