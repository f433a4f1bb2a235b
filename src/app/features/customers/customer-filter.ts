import { usePermission } from '#app/lib/permissions'
import type { CustomerPickerComponent } from '#app/ui/customer-choice'

import { useCustomerName } from './customer-name'
import { CustomerPicker } from './customer-picker'

/**
 * What a list filtered by customer needs from this area: the picker, offered only to someone who may list customers
 * (GET /vendor/customers needs VENDOR_CUSTOMERS, docs/decisions/041; without it the picker could only fail), and the
 * filtered customer's name for its chip. A route hands both to the list's area (features do not import each other).
 */
export function useCustomerFilter(customerId: string | undefined): { picker?: CustomerPickerComponent; customerName?: string } {
  const canListCustomers = usePermission('VENDOR_CUSTOMERS')
  const customerName = useCustomerName(customerId, canListCustomers)
  return { picker: canListCustomers ? CustomerPicker : undefined, customerName }
}
