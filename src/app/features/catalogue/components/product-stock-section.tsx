import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes'

import { formatShortDateTime } from '#app/lib/dates'
import { formatCount } from '#app/lib/format'
import { optionsLabel } from '#app/lib/variant-options'
import { Badge } from '#app/ui/badge'
import { Card } from '#app/ui/card'
import { rowMeta, rowName } from '#app/ui/row-text'
import type { Product, ProductVariant } from '#contract/catalogue'

import { stockTransfersQuery } from '../stock-queries'

const moveLink = cx(button({ variant: 'outline', size: 'sm' }), css({ textDecoration: 'none' }))
const list = css({ display: 'flex', flexDirection: 'column', mx: { base: '-4', md: '-5' } })
const variantBlock = css({ px: { base: '4', md: '5' }, py: '3', borderTopWidth: '1px', borderColor: 'border.default' })
const heading = css({ display: 'flex', justifyContent: 'space-between', gap: '3', alignItems: 'baseline' })
const places = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', md: 'repeat(auto-fill, minmax(200px, 1fr))' },
  columnGap: '6',
  mt: '1.5',
})
const place = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '2',
  minH: '10',
  color: 'fg.default',
  textDecoration: 'none',
  textStyle: 'body.sm',
  _hover: { color: 'accent.fg' },
})
const count = css({ display: 'flex', alignItems: 'center', gap: '1.5', fontWeight: 'medium', fontVariantNumeric: 'tabular-nums' })
const subheading = css({ textStyle: 'caption', color: 'fg.muted', textTransform: 'uppercase', letterSpacing: 'wide', mt: '4', mb: '1' })
const transferRow = css({ py: '2', borderTopWidth: '1px', borderColor: 'border.default' })

const units = (n: number) => formatCount(n, 'unit')

/** Whether the caller sees any outlet's stock: without one, the variants section already says everything. */
export const showsLocations = (product: Product) => product.variants.some((v) => v.locations.some((l) => l.outletId !== null))

function VariantStock({ variant }: { variant: ProductVariant }) {
  const seesAll = variant.locations.some((l) => l.outletId === null)
  return (
    <li className={variantBlock} data-testid="variant-stock">
      <div className={heading}>
        <span className={rowName}>{optionsLabel(variant.options)}</span>
        {/* The total is every location's, shown to those who see the main store (the business's own view). */}
        {seesAll ? <span className={count}>Total {units(variant.availableUnits)}</span> : null}
      </div>
      <div className={places}>
        {variant.locations.map((location) => (
          <Link
            key={location.outletId ?? 'main'}
            to="/products/$productId/variants/$variantId/stock/$location"
            params={{ productId: variant.productId, variantId: variant.id, location: location.outletId ?? 'main' }}
            className={place}
            aria-label={`${location.name}: ${units(location.units)}. Set stock`}
          >
            <span>{location.name}</span>
            <span className={count}>
              {location.isLowStock ? <Badge tone="warning">Low</Badge> : null}
              {location.units.toLocaleString('en-NG')}
            </span>
          </Link>
        ))}
      </div>
    </li>
  )
}

function RecentTransfers({ productId }: { productId: string }) {
  const transfers = useQuery(stockTransfersQuery(productId)).data
  if (!transfers || transfers.items.length === 0) return null
  return (
    <>
      <h3 className={subheading}>Recent transfers</h3>
      <ul aria-label="Recent transfers">
        {transfers.items.map((transfer) => (
          <li key={transfer.id} className={transferRow}>
            <span className={rowName}>
              {units(transfer.quantity)} · {transfer.from.name} → {transfer.to.name}
            </span>
            <span className={rowMeta}>
              {optionsLabel(transfer.options)} · {transfer.by.name} · {formatShortDateTime(transfer.createdAt)}
              {transfer.note ? ` · ${transfer.note}` : ''}
            </span>
          </li>
        ))}
      </ul>
    </>
  )
}

/** Each variant's units per location the caller sees, and in total; Move stock opens the transfer sheet. */
export function ProductStockSection({ product }: { product: Product }) {
  const canMove = product.variants.some((v) => v.locations.length > 1)
  return (
    <Card
      title="Stock by location"
      action={
        canMove ? (
          <Link to="/products/$productId/move-stock" params={{ productId: product.id }} className={moveLink}>
            Move stock
          </Link>
        ) : undefined
      }
    >
      <ul className={list} aria-label="Stock by location">
        {product.variants.map((variant) => (
          <VariantStock key={variant.id} variant={variant} />
        ))}
      </ul>
      <RecentTransfers productId={product.id} />
    </Card>
  )
}
