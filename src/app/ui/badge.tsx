import { badge } from 'styled-system/recipes'

export type StatusTone = 'success' | 'warning' | 'danger' | 'info' | 'neutral'

// Transaction, order, invoice, outlet and member statuses (SPEC §4). Colour is never the only cue: the word
// itself is always shown.
const TONES: Record<string, StatusTone> = {
  success: 'success',
  successful: 'success',
  paid: 'success',
  fulfilled: 'success',
  active: 'success',
  pending: 'warning',
  'partially-paid': 'warning',
  'refund-pending': 'warning',
  processing: 'warning',
  failed: 'danger',
  'refund-failed': 'danger',
  abandoned: 'danger',
  inactive: 'danger',
  refunded: 'info',
  overpayment: 'info',
}

/** 'REFUND_PENDING' and 'Refund-Pending' both become 'refund-pending'. */
export function normalizeStatus(status: string): string {
  return status.trim().toLowerCase().replace(/[_\s]+/g, '-')
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
