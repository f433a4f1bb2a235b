import { csvBlob } from '#app/lib/csv'
import { ExportButton } from '#app/ui/export-button'

import { exportFileName, ordersCsv } from '../export'
import type { KindText } from '../kinds'
import { fetchAllOrders } from '../queries'
import type { OrderFilters } from '../search'

/** Export CSV of the orders or invoices the filters select, in pages of 1,000 (docs/decisions/039). */
export function ExportOrdersButton({ filters, kind }: { filters: OrderFilters; kind: KindText }) {
  return (
    <ExportButton
      exportFile={async (onProgress, signal) => {
        const rows = await fetchAllOrders(filters, onProgress, signal)
        return { blob: csvBlob(ordersCsv(rows)), name: exportFileName(filters), rows: rows.length }
      }}
      noun={{ one: kind.noun, many: kind.plural.toLowerCase() }}
    />
  )
}
