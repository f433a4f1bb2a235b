import type { QueryClient } from '@tanstack/react-query'

import { sessionCan, usePermission } from '#app/lib/permissions'
import { NoAccess } from '#app/ui/no-access'

import type { KindText } from '../kinds'
import { orderAnalyticsFilters, orderAnalyticsQuery, orderListQuery } from '../queries'
import { orderListFilters, type OrderSearch } from '../search'
import { OrderListScreen, type OrderListScreenProps } from './order-list-screen'

/**
 * The /orders and /invoices loaders' prefetch. Not awaited: while another page loads, the one on screen stays
 * (placeholder data) instead of the router holding the old screen with no sign of progress.
 */
export function prefetchOrderList(queryClient: QueryClient, search: OrderSearch, kind: KindText): void {
  if (!sessionCan('VENDOR_ORDERS')) return
  const filters = orderListFilters(search, kind.kind)
  void queryClient.prefetchQuery(orderListQuery(filters))
  // The tiles' figures are asked for with the list, not once the screen has drawn: one round trip less to a whole screen.
  void queryClient.prefetchQuery(orderAnalyticsQuery(orderAnalyticsFilters(filters, kind.kind)))
}

/** /orders and /invoices: the list for someone who may see orders, a notice for anyone else. */
export function OrderListPage(props: OrderListScreenProps) {
  if (!usePermission('VENDOR_ORDERS')) return <NoAccess permission="VENDOR_ORDERS" page={props.kind.plural} />
  return <OrderListScreen {...props} />
}
