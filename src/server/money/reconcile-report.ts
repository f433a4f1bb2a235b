import { nairaText } from '#contract/naira'

import { LAGOS_OFFSET_MS } from '../analytics'
import type { DayReconciliation, Difference, RecordLine } from './reconcile'

/** HH:mm in Lagos time, the way an operator reads a statement. */
const lagosTime = (at: Date) => new Date(at.getTime() + LAGOS_OFFSET_MS).toISOString().slice(11, 16)

const line = (record: RecordLine) =>
  `${lagosTime(record.at)}  ${record.kind === 'transfer' ? 'transfer out' : 'credit in   '}  ${record.reference}  ${nairaText(record.amount)}  (${record.status})`

function difference(entry: Difference): string {
  const shown = (value: string) => (entry.what === 'amount' ? nairaText(Number(value)) : value)
  return `${lagosTime(entry.at)}  ${entry.kind === 'transfer' ? 'transfer out' : 'credit in   '}  ${entry.reference}  ${entry.what} differs: ledger ${shown(entry.ledger)}, provider ${shown(entry.provider)}`
}

/** What `npm run reconcile` prints: per vendor, then the balance check, then the verdict. */
export function formatReconciliation(result: DayReconciliation): string {
  const out = [`Reconciliation of ${result.day} (00:00–24:00 WAT, ${result.from.toISOString()} to ${result.to.toISOString()})`, '']
  if (!result.vendors.length) out.push('No transfers or credits on either side that day.', '')
  for (const vendor of result.vendors) {
    const problems = vendor.onlyInLedger.length + vendor.onlyAtProvider.length + vendor.differing.length
    out.push(
      `${vendor.vendorName}${vendor.vendorId ? ` (${vendor.vendorId})` : ''}: ${problems ? `${problems} MISMATCH${problems > 1 ? 'ES' : ''}` : 'all match'}`,
    )
    const section = (title: string, lines: string[]) => {
      if (!lines.length) return
      out.push(`  ${title} (${lines.length}):`, ...lines.map((text) => `    ${text}`))
    }
    section('Matched', vendor.matched.map(line))
    section('Only in the ledger', vendor.onlyInLedger.map(line))
    section('Only at the provider', vendor.onlyAtProvider.map(line))
    section('Differing', vendor.differing.map(difference))
    out.push('')
  }
  const { walletsTotal, providerBalance, feesKept, ok } = result.balance
  out.push(
    `Sum of all vendor wallets:            ${nairaText(walletsTotal)}`,
    `Provider balance minus fees kept:     ${nairaText(providerBalance - feesKept)}  (balance ${nairaText(providerBalance)}, fees kept ${nairaText(feesKept)})`,
    ok ? 'Balance: matches.' : `Balance: MISMATCH by ${nairaText(walletsTotal - (providerBalance - feesKept))}.`,
    '',
    result.ok ? 'Reconciled: everything matches.' : `NOT reconciled: ${result.mismatches} mismatch${result.mismatches > 1 ? 'es' : ''}.`,
  )
  return out.join('\n')
}
