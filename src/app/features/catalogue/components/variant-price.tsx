import { css } from 'styled-system/css'
import { visuallyHidden } from 'styled-system/patterns'

import { formatKobo } from '#contract/naira'

const wrapper = css({ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: '2' })
const now = css({ textStyle: 'amount', whiteSpace: 'nowrap' })
const nowLarge = css({ textStyle: 'amount.lg', whiteSpace: 'nowrap' })
const was = css({ color: 'fg.muted', textDecoration: 'line-through', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' })

/**
 * What a customer pays, with the price before the discount struck through beside it. The strike is visual only,
 * so screen readers hear "was" and "now" in words.
 */
export function VariantPrice({
  price,
  discountedPrice,
  currency = 'NGN',
  size = 'md',
}: {
  price: number
  discountedPrice: number
  currency?: string
  size?: 'md' | 'lg'
}) {
  const discounted = discountedPrice < price
  return (
    <span className={wrapper} data-testid="variant-price">
      <span className={size === 'lg' ? nowLarge : now}>
        {discounted ? <span className={visuallyHidden()}>Now </span> : null}
        {formatKobo(discountedPrice, currency)}
      </span>
      {discounted ? (
        <s className={was}>
          <span className={visuallyHidden()}>Was </span>
          {formatKobo(price, currency)}
        </s>
      ) : null}
    </span>
  )
}
