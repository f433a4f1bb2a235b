import Papa from 'papaparse'

import { bankNamed } from '#contract/bank-names'
import { parseNairaToKobo } from '#contract/money'
import { MAX_BATCH_ROWS } from '#contract/payout-batches'

/*
 * A bulk payout's CSV, read in the browser (decision 192): one payee a line, columns account number, bank (its name
 * or code), amount in naira, narration (optional). A first line that is not a payee (its amount is not a number) is
 * taken for headings. Each line's problem is said by its line number, and nothing is sent while any is left.
 */

export interface BatchRowDraft {
  accountNumber: string
  bankCode: string
  amount: number
  narration?: string
}

export interface CsvReading {
  rows: BatchRowDraft[]
  problems: string[]
}

export function readBatchCsv(text: string, banks: readonly { code: string; name: string }[]): CsvReading {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' })
  const lines = parsed.data.map((cells) => cells.map((cell) => cell.trim()))
  const rows: BatchRowDraft[] = []
  const problems: string[] = []
  lines.forEach((cells, index) => {
    const [accountNumber = '', bank = '', amountText = '', narration = ''] = cells
    const amount = parseNairaToKobo(amountText.replace(/[₦,\s]/g, ''))
    if (index === 0 && amount === null) return
    const line = `Line ${index + 1}`
    if (!/^\d{10}$/.test(accountNumber)) return void problems.push(`${line}: the account number must be 10 digits.`)
    const found = /^\d{3,6}$/.test(bank) ? banks.find((candidate) => candidate.code === bank) : bankNamed(banks, bank)
    if (!found) return void problems.push(`${line}: “${bank}” is not a bank we can send to.`)
    if (amount === null || amount <= 0) return void problems.push(`${line}: the amount must be more than zero.`)
    if (narration.length > 100) return void problems.push(`${line}: the narration must be at most 100 characters.`)
    rows.push({ accountNumber, bankCode: found.code, amount, ...(narration ? { narration } : {}) })
  })
  if (rows.length > MAX_BATCH_ROWS) problems.push(`A batch has at most ${MAX_BATCH_ROWS} payees; this file has ${rows.length}.`)
  if (rows.length === 0 && problems.length === 0) problems.push('The file has no payees.')
  return { rows, problems }
}
