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
const buy = button({ variant: 'solid', size: 'md', fullWidth: true })
// An option's name can be long ("Regular / Chicken") on a phone's half-width card: it wraps rather than spill out.
const chip = cx(
  button({ variant: 'outline', size: 'md' }),
  css({
    flex: '1 1 auto',
    minW: '0',
    h: 'auto',
    minH: 'touch',
    px: '2',
    py: '2',
    fontSize: 'sm',
    whiteSpace: 'normal',
    textAlign: 'center',
    overflowWrap: 'anywhere',
  }),
)
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

const variantLabel = (v: StorefrontVariant) =>
  visibleOptions(v.options)
    .map(([, value]) => value)
    .join(' / ')

export type AddToCart = (product: StorefrontProduct, variant: StorefrontVariant) => void

/**
 * Into the cart (decision 176): one "Add to cart" for a single variant on sale, one button per option otherwise, each
 * with the units already in the cart after it; "Not available" when nothing is on sale.
 */
function Buy({ product, onAdd, inCart }: { product: StorefrontProduct; onAdd: AddToCart; inCart: (variantId: string) => number }) {
  if (product.variants.length === 0) {
    return (
      <div className={actions}>
        <p className={cx(unavailable, css({ w: 'full' }))}>Not available</p>
      </div>
    )
  }
  const counted = (v: StorefrontVariant, text: string) => (inCart(v.id) ? `${text} (${inCart(v.id)})` : text)
  if (product.variants.length === 1) {
    const only = product.variants[0]!
    const label = variantLabel(only)
    return (
      <div className={actions}>
        <button
          type="button"
          className={buy}
          aria-label={`Add ${product.name}${label ? `, ${label}` : ''} to cart`}
          onClick={() => onAdd(product, only)}
        >
          {counted(only, label ? `Add · ${label}` : 'Add to cart')}
        </button>
      </div>
    )
  }
  return (
    <div className={actions} role="group" aria-label={`Add ${product.name} to cart`}>
      {product.variants.map((v) => (
        <button
          key={v.id}
          type="button"
          className={chip}
          aria-label={`Add ${product.name}, ${variantLabel(v)} to cart`}
          onClick={() => onAdd(product, v)}
        >
          {counted(v, variantLabel(v) || 'Add')}
        </button>
      ))}
    </div>
  )
}

export interface ProductCardProps {
  product: StorefrontProduct
  currency: string
  onAdd: AddToCart
  /** Units of a variant already in the cart. */
  inCart: (variantId: string) => number
}

export function ProductCard({ product, currency, onAdd, inCart }: ProductCardProps) {
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
        <Buy product={product} onAdd={onAdd} inCart={inCart} />
      </div>
    </li>
  )
}
