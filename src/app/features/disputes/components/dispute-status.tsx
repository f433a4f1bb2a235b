import type { Dispute } from '../../../../contract/disputes'
import { Badge, type StatusTone } from '../../../ui/badge'

// Open waits on the vendor and the customer, escalated waits on an administrator, resolved is done. The word is
// always shown; colour is never the only cue.
const TONES: Record<Dispute['status'], StatusTone> = { open: 'warning', escalated: 'danger', resolved: 'success' }

export function DisputeStatusBadge({ status }: { status: Dispute['status'] }) {
  return <Badge tone={TONES[status]}>{status}</Badge>
}
