import { Link } from '@tanstack/react-router'
import { css, cx } from 'styled-system/css'
import { listRow } from 'styled-system/recipes'

import { formatCount } from '#app/lib/format'
import { Badge } from '#app/ui/badge'
import type { ProductSummary } from '#contract/catalogue'
import { formatKobo } from '#contract/naira'

import { ProductThumb } from './product-thumb'

const row = cx(listRow(), css({ gridTemplateColumns: 'auto minmax(0, 1fr)', py: '3' }))
const name = css({ display: 'block', fontWeight: 'medium', truncate: true })
const price = css({ display: 'block', textStyle: 'amount', fontSize: 'sm' })
const meta = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '1.5', mt: '1', textStyle: 'body.sm', color: 'fg.muted' })

/** '₦1,500.00' or, when variants differ, '₦1,500.00 – ₦3,000.00' (before discounts). */
export function priceRange(min: number, max: number): string {
  return min === max ? formatKobo(min) : `${formatKobo(min)} – ${formatKobo(max)}`
}

const units = (n: number) => formatCount(n, 'unit')

export function ProductRow({ product: p }: { product: ProductSummary }) {
  return (
    <Link to="/products/$productId" params={{ productId: p.id }} className={row} data-testid="product-row">
      <ProductThumb url={p.image?.url} />
      <span className={css({ minW: '0' })}>
        <span className={name}>{p.name}</span>
        <span className={price}>{priceRange(p.minPrice, p.maxPrice)}</span>
        <span className={meta}>
          <span>{units(p.totalUnits)}</span>
          <Badge tone={p.isPublished ? 'success' : 'neutral'}>{p.isPublished ? 'Published' : 'Draft'}</Badge>
          {p.lowStockCount > 0 ? <Badge tone="warning">Low stock</Badge> : null}
        </span>
      </span>
    </Link>
  )
}
