import { css } from 'styled-system/css'

import { formatDateTime } from '#app/lib/dates'
import { Card } from '#app/ui/card'
import type { Order } from '#contract/orders'

const list = css({ display: 'flex', flexDirection: 'column' })
const event = css({
  position: 'relative',
  pl: '6',
  pb: '4',
  // A dot per event on a line that joins them, oldest at the top.
  _before: { content: '""', position: 'absolute', left: '1.5', top: '1.5', w: '2.5', h: '2.5', borderRadius: 'full', bg: 'accent.default' },
  _after: { content: '""', position: 'absolute', left: '2.5', top: '5', bottom: '0', w: '1px', bg: 'border.default' },
  _last: { pb: '0', _after: { display: 'none' } },
})
const message = css({ display: 'block', fontWeight: 'medium', overflowWrap: 'anywhere' })
const meta = css({ display: 'block', textStyle: 'body.sm', color: 'fg.muted' })

/** Timeline: what happened to the order and who did it, oldest first. */
export function OrderTimelineSection({ order }: { order: Order }) {
  return (
    <Card title="Timeline">
      <ol aria-label="Timeline" className={list}>
        {order.timeline.map((e) => (
          <li key={e.id} className={event}>
            {/* The server's message already names the amount when there is one. */}
            <span className={message}>{e.message}</span>
            <span className={meta}>
              {formatDateTime(e.createdAt)} · {e.actorName ?? 'System'}
            </span>
          </li>
        ))}
      </ol>
    </Card>
  )
}
