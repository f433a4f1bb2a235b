import { css, cx } from 'styled-system/css'
import { listRow } from 'styled-system/recipes'

import { formatShortDateTime } from '#app/lib/dates'
import { useOutboxOf } from '#app/lib/outbox'
import { WaitingBadge } from '#app/ui/waiting-badge'

import type { KindText } from '../kinds'
import { rowMeta, rowTitle } from './order-row'

const list = css({
  display: 'flex',
  flexDirection: 'column',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'card',
  bg: 'bg.surface',
  overflow: 'hidden',
  '& > li:last-child > div': { borderBottomWidth: '0' },
})
const row = cx(listRow(), css({ gridTemplateColumns: 'minmax(0, 1fr) auto', py: '3', _hover: { bg: 'transparent' } }))

/**
 * Orders or invoices made offline that the server has not seen yet (docs/decisions/092): above the list, with no
 * reference (the server gives it) and no link, since there is no page to open until they are sent.
 */
export function WaitingOrders({ kind }: { kind: KindText }) {
  const waiting = useOutboxOf(kind.kind)
  if (waiting.length === 0) return null
  return (
    <ul className={list} aria-label={`${kind.plural} waiting to send`}>
      {waiting.map((item) => (
        <li key={item.id}>
          <div className={row} data-testid="waiting-order">
            <span className={css({ minW: '0' })}>
              <span className={rowTitle}>{item.label}</span>
              <span className={rowMeta}>Made offline · {formatShortDateTime(new Date(item.createdAt))}</span>
            </span>
            <WaitingBadge item={item} />
          </div>
        </li>
      ))}
    </ul>
  )
}
