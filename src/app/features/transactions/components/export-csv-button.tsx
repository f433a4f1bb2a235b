import type { TransactionListFilters } from '#app/lib/query-keys'
import { ExportButton } from '#app/ui/export-button'

import { exportTransactions } from '../export'

/** Export CSV of the transactions the filters select, not just the rows scrolled to: one streamed file. */
export function ExportCsvButton({ filters }: { filters: TransactionListFilters }) {
  return (
    <ExportButton
      exportFile={(onProgress, signal) => exportTransactions(filters, onProgress, signal)}
      noun={{ one: 'transaction', many: 'transactions' }}
    />
  )
}
