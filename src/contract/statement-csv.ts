import { type CsvColumn, dateColumn } from './csv'
import { koboToNairaInput } from './naira'

/*
 * A statement's CSV columns (decision 178), written by the server by csv.ts's rules (quoting, neutralised formulas,
 * Lagos times under a header naming the zone). One line per ledger entry between an opening and a closing balance
 * line, then the totals (STATEMENT_TOTAL_LABELS in statements.ts), each in the column it totals, labelled in Description.
 */

export interface StatementCsvRow {
  /** ISO instant, or '' for the totals. */
  at: string
  reference?: string
  description: string
  status?: string
  moneyIn?: number
  moneyOut?: number
  /** The fee inside the line's money out (or in, for a reversal that gave it back). */
  fee?: number
  balance?: number
  narration?: string | null
}

const money = (kobo: number | undefined) => (kobo === undefined ? null : koboToNairaInput(kobo))

export const STATEMENT_CSV_COLUMNS: readonly CsvColumn<StatementCsvRow>[] = [
  dateColumn('Date', (r) => r.at),
  { header: 'Reference', value: (r) => r.reference },
  { header: 'Description', value: (r) => r.description },
  { header: 'Status', value: (r) => r.status },
  { header: 'Money in', value: (r) => money(r.moneyIn) },
  { header: 'Money out', value: (r) => money(r.moneyOut) },
  { header: 'Fee', value: (r) => money(r.fee) },
  { header: 'Balance', value: (r) => money(r.balance) },
  { header: 'Narration', value: (r) => r.narration },
]
