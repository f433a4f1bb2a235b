import { useQuery } from '@tanstack/react-query'

import { customerInfoQuery } from './queries'

/**
 * The name of the customer a filter names by id (?customerId=), for its chip: looked up only when the user may
 * read customers (GET /vendor/customer/info needs VENDOR_CUSTOMERS); otherwise undefined and the chip stays
 * generic. The customer's details are cached, so the chip reads the same offline.
 */
export function useCustomerName(customerId: string | undefined, canLookUp: boolean): string | undefined {
  const info = useQuery({ ...customerInfoQuery(customerId ?? ''), enabled: Boolean(customerId) && canLookUp })
  return customerId && info.data?.customer.id === customerId ? info.data.customer.name : undefined
}
