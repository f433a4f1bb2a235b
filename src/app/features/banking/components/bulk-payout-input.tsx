import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
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
  const [text, setText] = useState<string | null>(null)
  const [amounts, setAmounts] = useState<Record<string, string>>({})
  // The file is read against the bank list: until that has come, nothing is judged (a bank name is not yet known).
  const fromFile = text === null || !banks.data ? { rows: [], problems: [] } : readBatchCsv(text, banks.data)
  const waitingForBanks = text !== null && !banks.data

  const picked: BatchRowDraft[] = []
  for (const account of saved.data?.saved ?? []) {
    const amount = parseNairaToKobo(amounts[account.id] ?? '')
    if (amount !== null && amount > 0) picked.push({ accountNumber: account.accountNumber, bankCode: account.bankCode, amount })
  }
  const rows = waitingForBanks || fromFile.problems.length ? [] : [...fromFile.rows, ...picked]
  const key = JSON.stringify([rows, fromFile.problems])
  useEffect(() => {
    onRows(rows.length ? rows : null, fromFile.problems)
    // `key` stands for rows and problems: a new array each render must not call onRows again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key])

  async function choose(chosen: File | null) {
    setFile(chosen)
    setText(chosen ? await chosen.text() : null)
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
      ) : waitingForBanks ? (
        <p className={hint}>Reading the file…</p>
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
                onChange={(value) => setAmounts({ ...amounts, [account.id]: value })}
              />
            </label>
          ))}
        </>
      ) : null}
    </div>
  )
}
