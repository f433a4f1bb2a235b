import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { css } from 'styled-system/css'

import { AmountInput } from '#app/ui/field'
import { FileChoice } from '#app/ui/file-choice'
import { Notice } from '#app/ui/notice'
import { parseNairaToKobo } from '#contract/money'

import { type BatchRowDraft, readBatchCsv } from '../batch-csv'
import { beneficiariesQuery } from '../beneficiary-queries'
import { banksQuery } from '../queries'

const heading = css({ textStyle: 'label', fontWeight: 'semibold', mt: '5', mb: '2' })
const savedRow = css({
  display: 'grid',
  gridTemplateColumns: '1fr 8.5rem',
  gap: '3',
  alignItems: 'center',
  py: '2',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
})
const hint = css({ textStyle: 'body.sm', color: 'fg.muted' })

export const CSV_HINT = 'One payee a line: account number, bank (name or code), amount in naira, narration (optional).'

/**
 * Where a bulk payout's rows come from: a CSV read here (papaparse), and the saved accounts, each with the amount
 * typed beside it. `onRows` hears every change: the rows to review, or null while there are none or a problem.
 */
export function BulkPayoutInput({ onRows }: { onRows: (rows: BatchRowDraft[] | null, problems: string[]) => void }) {
  const banks = useQuery(banksQuery())
  const saved = useQuery(beneficiariesQuery())
  const [file, setFile] = useState<File | null>(null)
  const [fromFile, setFromFile] = useState<{ rows: BatchRowDraft[]; problems: string[] }>({ rows: [], problems: [] })
  const [amounts, setAmounts] = useState<Record<string, string>>({})

  function emit(next: { rows: BatchRowDraft[]; problems: string[] }, typed: Record<string, string>) {
    const picked: BatchRowDraft[] = []
    for (const account of saved.data?.saved ?? []) {
      const amount = parseNairaToKobo(typed[account.id] ?? '')
      if (amount !== null && amount > 0) picked.push({ accountNumber: account.accountNumber, bankCode: account.bankCode, amount })
    }
    const rows = [...next.rows, ...picked]
    onRows(rows.length && !next.problems.length ? rows : null, next.problems)
  }

  async function choose(chosen: File | null) {
    setFile(chosen)
    const reading = chosen ? readBatchCsv(await chosen.text(), banks.data ?? []) : { rows: [], problems: [] }
    setFromFile(reading)
    emit(reading, amounts)
  }

  return (
    <div>
      <FileChoice
        label="Payees file (CSV)"
        pickLabel="Upload CSV"
        accept=".csv,text/csv"
        value={file}
        onChange={(f) => void choose(f)}
        helper={CSV_HINT}
      />
      {fromFile.problems.length ? (
        <Notice icon="alert-circle" tone="danger" role="alert">
          {fromFile.problems.slice(0, 5).join(' ')}
        </Notice>
      ) : fromFile.rows.length ? (
        <p className={hint}>
          {fromFile.rows.length === 1 ? '1 payee read from the file.' : `${fromFile.rows.length} payees read from the file.`}
        </p>
      ) : null}
      {saved.data?.saved.length ? (
        <>
          <h3 className={heading}>Saved accounts</h3>
          <p className={hint}>Type an amount beside each account to pay.</p>
          {saved.data.saved.map((account) => (
            <label key={account.id} className={savedRow}>
              <span>
                <span className={css({ display: 'block', fontWeight: 'medium' })}>{account.label ?? account.accountName}</span>
                <span className={hint}>
                  {account.accountNumber} · {account.bankName}
                </span>
              </span>
              <AmountInput
                aria-label={`Amount for ${account.label ?? account.accountName}`}
                value={amounts[account.id] ?? ''}
                onChange={(value) => {
                  const typed = { ...amounts, [account.id]: value }
                  setAmounts(typed)
                  emit(fromFile, typed)
                }}
              />
            </label>
          ))}
        </>
      ) : null}
    </div>
  )
}
