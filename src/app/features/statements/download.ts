import { apiFile } from '#app/lib/api'
import type { StatementDays } from '#app/lib/query-keys'
import { downloadBlob } from '#app/lib/share'
import { statementEndpoints, statementFileName } from '#contract/statements'

export type StatementFormat = 'pdf' | 'csv'

const FILE_ENDPOINTS = {
  main: { pdf: statementEndpoints.statementPdf, csv: statementEndpoints.statementCsv },
  outlet: { pdf: statementEndpoints.outletStatementPdf, csv: statementEndpoints.outletStatementCsv },
}

/**
 * The statement as the server writes it (decision 178): one request, read to its end as it arrives, then saved
 * under the name the server gives it (the contract's statementFileName). A refusal comes before the file, as JSON.
 */
export async function downloadStatement(
  format: StatementFormat,
  days: StatementDays,
  wallet: { outletId?: string; name: string },
  signal?: AbortSignal,
): Promise<void> {
  const response = wallet.outletId
    ? await apiFile(FILE_ENDPOINTS.outlet[format], { query: { outletId: wallet.outletId, ...days }, signal })
    : await apiFile(FILE_ENDPOINTS.main[format], { query: days, signal })
  const blob = await response.blob()
  downloadBlob(blob, statementFileName(wallet.name, days, format))
}
