import { css } from 'styled-system/css'

import { type Margin, marginOf } from '#contract/margin'
import { formatKobo } from '#contract/naira'

const text = css({ textStyle: 'amount', whiteSpace: 'nowrap', '&[data-loss]': { color: 'danger.fg' } })

/** '₦400.00 (40%)'; in the danger colour, and said as a loss, when the goods sold below cost. */
export function MarginText({
  price,
  cost,
  margin,
}: { price: number; cost: number; margin?: Margin } | { price?: never; cost?: never; margin: Margin }) {
  const { amount, percent } = margin ?? marginOf(price!, cost!)
  const loss = amount < 0
  return (
    <span className={text} data-loss={loss || undefined} data-testid="margin">
      {loss ? 'Loss ' : null}
      {formatKobo(Math.abs(amount))}
      {percent ? ` (${percent})` : null}
    </span>
  )
}
