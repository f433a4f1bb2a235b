import { badge } from 'styled-system/recipes'

export type StatusTone = 'success' | 'warning' | 'danger' | 'info' | 'neutral'

// Transaction, order, invoice, refund, dispute, outlet and member statuses (SPEC §4), one map so that a word has
// one colour everywhere: done is green, waiting amber, lost or stuck red. Colour is never the only cue: the word
// itself is always shown. A dispute that is open waits on the vendor and the customer (amber); escalated waits
// on an administrator (red); resolved is done.
const TONES: Record<string, StatusTone> = {
  success: 'success',
  successful: 'success',
  paid: 'success',
  fulfilled: 'success',
  active: 'success',
  resolved: 'success',
  pending: 'warning',
  'partially-paid': 'warning',
  'refund-pending': 'warning',
  processing: 'warning',
  open: 'warning',
  // A team member whose invitation waits to be accepted.
  invited: 'warning',
  failed: 'danger',
  'refund-failed': 'danger',
  abandoned: 'danger',
  inactive: 'danger',
  escalated: 'danger',
  refunded: 'info',
  overpayment: 'info',
}

/** 'REFUND_PENDING' and 'Refund-Pending' both become 'refund-pending'. */
export function normalizeStatus(status: string): string {
  return status
    .trim()
    .toLowerCase()
    .replace(/[_\s]+/g, '-')
}

export function statusTone(status: string): StatusTone {
  return TONES[normalizeStatus(status)] ?? 'neutral'
}

export function StatusBadge({ status }: { status: string }) {
  const label = normalizeStatus(status)
  return <span className={badge({ tone: statusTone(label) })}>{label}</span>
}

/** A pill with a fixed tone for labels that are not statuses: Published/Draft, Visible/Hidden, Low stock. */
export function Badge({ tone = 'neutral', children }: { tone?: StatusTone; children: string }) {
  return <span className={badge({ tone })}>{children}</span>
}
