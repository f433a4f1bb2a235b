import type { OutboxItem } from '../lib/outbox'
import { Badge } from './badge'

/** How a change made offline stands, beside the thing it changes: waiting for the network, or refused on arrival. */
export function WaitingBadge({ item }: { item: Pick<OutboxItem, 'state'> }) {
  if (item.state === 'failed') return <Badge tone="danger">Not sent</Badge>
  return <Badge tone="warning">{item.state === 'sending' ? 'Sending' : 'Waiting to send'}</Badge>
}
