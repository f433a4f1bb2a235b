import { formatKobo } from '#contract/naira'
import type { Transaction } from '#contract/transactions'

import { formatDateTime } from './dates'
import { internalCounterparty } from './internal-transfer'

/*
 * A receipt of a successful transaction (issue 22): one model for the screen, the PDF (receipt-pdf.ts) and the
 * shared text, so the three always say the same. What a bank asks for when a transfer is queried is the session ID
 * (NIP's 30 digits) and the transaction reference, so both are always on it.
 */

export type MoneyText = (kobo: number, currency: string) => string

export interface ReceiptLine {
  label: string
  value: string
}

export interface ReceiptParty {
  heading: 'From' | 'To'
  name: string
  bank: string | null
  accountNumber: string | null
}

export interface Receipt {
  /** 'Money sent' or 'Money received'. */
  headline: string
  amount: string
  lines: ReceiptLine[]
  parties: ReceiptParty[]
  reference: string
  sessionId: string
  fileName: string
}

/** A bank gives no session ID to a transfer between the vendor's own wallets (an outlet transfer). */
export const NO_SESSION_ID = 'None (not an interbank transfer)'

/** Only a transaction that went through has a receipt; a pending or failed one has its status instead. */
export function hasReceipt(t: Pick<Transaction, 'status'>): boolean {
  return t.status === 'success'
}

function party(heading: ReceiptParty['heading'], name: string | null, bank: string | null, accountNumber: string | null): ReceiptParty[] {
  return name || accountNumber ? [{ heading, name: name ?? 'Unknown', bank, accountNumber }] : []
}

/** `money` writes amounts: formatKobo on screen and in text, pdfMoney in the PDF (no naira sign in its fonts). */
export function receiptOf(t: Transaction, money: MoneyText = formatKobo): Receipt {
  const debit = t.type === 'debit'
  const lines: ReceiptLine[] = [
    { label: 'Status', value: 'Successful' },
    { label: 'Date and time', value: formatDateTime(t.createdAt) },
    { label: 'Type', value: debit ? 'Debit' : 'Credit' },
    { label: 'Amount', value: money(t.amount, t.currency) },
    { label: 'Fee', value: money(t.fee, t.currency) },
  ]
  if (debit) lines.push({ label: 'Total debited', value: money(t.amount + t.fee, t.currency) })
  const own = internalCounterparty(t)
  if (own) lines.push({ label: debit ? 'To' : 'From', value: own })
  if (t.narration) lines.push({ label: 'Narration', value: t.narration })
  if (t.orderReference) lines.push({ label: 'Order', value: t.orderReference })
  return {
    headline: debit ? 'Money sent' : 'Money received',
    amount: money(t.amount, t.currency),
    lines,
    parties: [
      ...party('From', t.originatorAccountName, t.originatorBankName, t.originatorAccountNumber),
      ...party('To', t.beneficiaryAccountName, t.beneficiaryBankName, t.beneficiaryAccountNumber),
    ],
    reference: t.reference,
    sessionId: t.sessionId ?? NO_SESSION_ID,
    fileName: `Receipt ${t.reference}.pdf`.replace(/[\\/:*?"<>|]+/g, '-'),
  }
}

/** 'Chioma Okeke, Access Bank, 0123456789' */
export function partyText(p: ReceiptParty): string {
  return [p.name, p.bank, p.accountNumber].filter(Boolean).join(', ')
}

/** The receipt as a message: what the share sheet sends, or what is copied where there is none. */
export function receiptText(t: Transaction): string {
  const r = receiptOf(t)
  return [
    `Transaction receipt: ${r.headline.toLowerCase()}, ${r.amount}`,
    ...r.parties.map((p) => `${p.heading}: ${partyText(p)}`),
    `Date and time: ${formatDateTime(t.createdAt)}`,
    ...(t.narration ? [`Narration: ${t.narration}`] : []),
    `Transaction reference: ${r.reference}`,
    `Session ID: ${r.sessionId}`,
  ].join('\n')
}
