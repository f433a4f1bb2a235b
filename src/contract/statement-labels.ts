/*
 * The statement's totals' labels (decision 178), in a module of their own: the transactions export heads its
 * net-figure columns with them (decision 194), and transactions-csv.ts sits in the app's list chunk, which must not
 * take the statements area's schemas with it.
 */

/** The totals' labels, as the CSV, the PDF and the screen write them. */
export const STATEMENT_TOTAL_LABELS = {
  openingBalance: 'Opening balance',
  moneyIn: 'Total money in',
  moneyOut: 'Total money out',
  fees: 'Fees',
  closingBalance: 'Closing balance',
  grossSales: 'Gross sales',
  refunds: 'Refunds',
  netSettled: 'Net settled',
} as const
