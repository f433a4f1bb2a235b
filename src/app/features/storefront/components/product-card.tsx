import { Link } from '@tanstack/react-router'
import { css, cx } from 'styled-system/css'
import { stack } from 'styled-system/patterns'
import { button } from 'styled-system/recipes'

import { visibleOptions } from '#app/lib/variant-options'
import { Icon } from '#app/ui/icon'
import { formatKobo } from '#contract/naira'
import type { StorefrontProduct, StorefrontVariant } from '#contract/storefront'

const card = css({
  display: 'flex',
  flexDirection: 'column',
  bg: 'bg.surface',
  color: 'fg.default',
  borderRadius: 'card',
  overflow: 'hidden',
  boxShadow: 'raised',
})
const picture = css({
  aspectRatio: '1',
  bg: 'bg.muted',
  display: 'grid',
  placeItems: 'center',
  color: 'fg.muted',
  '& img': { w: 'full', h: 'full', objectFit: 'cover' },
})
const body = stack({ gap: '1', p: '3', flex: '1' })
const nameStyle = css({ fontWeight: 'semibold', fontSize: 'sm', lineHeight: 'snug', lineClamp: 2, overflowWrap: 'anywhere' })
const priceStyle = css({ fontSize: 'sm', fontWeight: 'bold', fontVariantNumeric: 'tabular-nums' })
const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '1.5', mt: 'auto', pt: '2' })
const buy = cx(button({ variant: 'solid', size: 'md', fullWidth: true }), css({ textDecoration: 'none' }))
const chip = cx(button({ variant: 'outline', size: 'md' }), css({ textDecoration: 'none', flex: '1 1 auto', minW: '0' }))
// The same height as a Buy button, so the cards of a row line up whichever they show.
const unavailable = css({
  mt: 'auto',
  display: 'grid',
  placeItems: 'center',
  minH: 'touch',
  borderRadius: 'control',
  bg: 'bg.muted',
  fontSize: 'sm',
  color: 'fg.muted',
  fontWeight: 'medium',
})

/** "₦1,000.00", or "from ₦1,000.00" when the variants cost different amounts. */
export function priceText(product: Pick<StorefrontProduct, 'minPrice' | 'maxPrice'>, currency: string): string {
  const min = formatKobo(product.minPrice, currency)
  return product.minPrice === product.maxPrice ? min : `from ${min}`
}

const codeOf = (payLink: string) => payLink.slice(payLink.lastIndexOf('/') + 1)
const variantLabel = (v: StorefrontVariant) =>
  visibleOptions(v.options)
    .map(([, value]) => value)
    .join(' / ')

/** How to buy: one "Buy" for a single pay link, one button per option otherwise; "Not available" without a link. */
function Buy({ product }: { product: StorefrontProduct }) {
  const linked = product.variants.filter((v): v is StorefrontVariant & { payLink: string } => v.payLink !== null)
  if (linked.length === 0) {
    return (
      <div className={actions}>
        <p className={cx(unavailable, css({ w: 'full' }))}>Not available</p>
      </div>
    )
  }
  if (linked.length === 1) {
    const [only] = linked
    const label = variantLabel(only!)
    return (
      <div className={actions}>
        <Link
          to="/pay/$code"
          params={{ code: codeOf(only!.payLink) }}
          className={buy}
          aria-label={`Buy ${product.name}${label ? `, ${label}` : ''}`}
        >
          Buy{label ? ` · ${label}` : ''}
        </Link>
      </div>
    )
  }
  return (
    <div className={actions} role="group" aria-label={`Buy ${product.name}`}>
      {linked.map((v) => (
        <Link
          key={v.id}
          to="/pay/$code"
          params={{ code: codeOf(v.payLink) }}
          className={chip}
          aria-label={`Buy ${product.name}, ${variantLabel(v)}`}
        >
          {variantLabel(v) || 'Buy'}
        </Link>
      ))}
    </div>
  )
}

export function ProductCard({ product, currency }: { product: StorefrontProduct; currency: string }) {
  return (
    <li className={card} data-testid="storefront-product">
      <div className={picture}>
        {product.imageUrl ? (
          <img src={product.imageUrl} alt={product.name} loading="lazy" decoding="async" />
        ) : (
          <Icon name="store" size={32} />
        )}
      </div>
      <div className={body}>
        <h2 className={nameStyle}>{product.name}</h2>
        <p className={priceStyle}>{priceText(product, currency)}</p>
        <Buy product={product} />
      </div>
    </li>
  )
}
