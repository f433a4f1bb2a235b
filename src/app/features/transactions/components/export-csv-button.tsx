import type { TransactionListFilters } from '#app/lib/query-keys'
import { ExportButton } from '#app/ui/export-button'

import { exportFileName, transactionsCsv } from '../export'
import { fetchAllTransactions } from '../queries'

/** Export CSV of the transactions the filters select, not just the rows scrolled to. */
export function ExportCsvButton({ filters }: { filters: TransactionListFilters }) {
  return (
    <ExportButton
      fetchRows={(onProgress, signal) => fetchAllTransactions(filters, onProgress, signal)}
      toFile={(rows) => ({ text: transactionsCsv(rows), name: exportFileName(filters) })}
      noun={{ one: 'transaction', many: 'transactions' }}
    />
  )
}
