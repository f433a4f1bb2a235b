import { useQuery } from '@tanstack/react-query'
import { type Dispatch, type SetStateAction, useMemo } from 'react'
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

/** What the vendor has given so far: the file and its text, and the amounts typed beside saved accounts. */
export interface PayeesDraft {
  file: File | null
  text: string | null
  amounts: Record<string, string>
}

export const NO_PAYEES: PayeesDraft = { file: null, text: null, amounts: {} }

/**
 * The rows a draft makes, read against the bank list (until that has come, a file is not judged: a bank name is not
 * yet known): null while there are none or the file has a problem.
 */
export function usePayeeRows(draft: PayeesDraft) {
  const banks = useQuery(banksQuery())
  const saved = useQuery(beneficiariesQuery())
  // Read once per file (and bank list), not again at each amount typed beside a saved account.
  const fromFile = useMemo(
    () => (draft.text === null || !banks.data ? { rows: [], problems: [] } : readBatchCsv(draft.text, banks.data)),
    [draft.text, banks.data],
  )
  const waitingForBanks = draft.text !== null && !banks.data
  const picked: BatchRowDraft[] = []
  for (const account of saved.data?.saved ?? []) {
    const amount = parseNairaToKobo(draft.amounts[account.id] ?? '')
    if (amount !== null && amount > 0) picked.push({ accountNumber: account.accountNumber, bankCode: account.bankCode, amount })
  }
  const rows = waitingForBanks || fromFile.problems.length ? [] : [...fromFile.rows, ...picked]
  return { rows: rows.length ? rows : null, fromFile, waitingForBanks, saved: saved.data?.saved ?? [] }
}

/**
 * Where a bulk payout's rows come from: a CSV (read by papaparse in `usePayeeRows`), and the saved accounts, each with
 * the amount typed beside it. The draft and what it reads are the sheet's, so they outlive this step: Back from the
 * review finds them as they were.
 */
export function BulkPayoutInput({
  draft,
  onDraft,
  payees: { fromFile, waitingForBanks, saved },
}: {
  draft: PayeesDraft
  onDraft: Dispatch<SetStateAction<PayeesDraft>>
  payees: ReturnType<typeof usePayeeRows>
}) {
  async function choose(chosen: File | null) {
    const text = chosen ? await chosen.text() : null
    onDraft((now) => ({ ...now, file: chosen, text }))
  }

  return (
    <div>
      <FileChoice
        label="Payees file (CSV)"
        pickLabel="Upload CSV"
        accept=".csv,text/csv"
        value={draft.file}
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
      {saved.length ? (
        <>
          <h3 className={heading}>Saved accounts</h3>
          <p className={hint}>Type an amount beside each account to pay.</p>
          {saved.map((account) => (
            <label key={account.id} className={savedRow}>
              <span>
                <span className={css({ display: 'block', fontWeight: 'medium' })}>{account.label ?? account.accountName}</span>
                <span className={hint}>
                  {account.accountNumber} · {account.bankName}
                </span>
              </span>
              <AmountInput
                aria-label={`Amount for ${account.label ?? account.accountName}`}
                value={draft.amounts[account.id] ?? ''}
                onChange={(value) => onDraft((now) => ({ ...now, amounts: { ...now.amounts, [account.id]: value } }))}
              />
            </label>
          ))}
        </>
      ) : null}
    </div>
  )
}
