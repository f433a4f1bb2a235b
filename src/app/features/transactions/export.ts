import { apiFile } from '#app/lib/api'
import { readCsvDownload } from '#app/lib/csv'
import type { TransactionListFilters } from '#app/lib/query-keys'
import type { ExportedFile } from '#app/ui/export-button'
import { transactionEndpoints } from '#contract/transactions'
import { transactionsFileName } from '#contract/transactions-csv'

/**
 * Every transaction the filters select, as the CSV file the server writes (GET /transaction/export, decision
 * 159): one request, whatever the size, read as it arrives so the button can count the rows. The file's columns,
 * Lagos times and name are the contract's (transactions-csv.ts), the same the server names it with.
 */
export async function exportTransactions(
  filters: TransactionListFilters,
  onProgress: (loaded: number) => void,
  signal?: AbortSignal,
): Promise<ExportedFile> {
  const response = await apiFile(transactionEndpoints.exportTransactions, { query: filters, signal })
  const { blob, rows } = await readCsvDownload(response, onProgress)
  return { blob, name: transactionsFileName(filters), rows }
}
