import { ExportButton } from '#app/ui/export-button'

import { exportFileName, ordersCsv } from '../export'
import type { KindText } from '../kinds'
import { fetchAllOrders } from '../queries'
import type { OrderFilters } from '../search'

/** Export CSV of the orders or invoices the filters select, in pages of 1,000 (docs/decisions/039). */
export function ExportOrdersButton({ filters, kind }: { filters: OrderFilters; kind: KindText }) {
  return (
    <ExportButton
      fetchRows={(onProgress, signal) => fetchAllOrders(filters, onProgress, signal)}
      toFile={(rows) => ({ text: ordersCsv(rows), name: exportFileName(filters) })}
      noun={{ one: kind.noun, many: kind.plural.toLowerCase() }}
    />
  )
}
