import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes'

import { visibleOptions } from '#app/lib/variant-options'
import { Badge } from '#app/ui/badge'
import { DetailList, DetailRow } from '#app/ui/detail-list'
import { EmptyState } from '#app/ui/empty-state'
import { MarginText } from '#app/ui/margin-text'
import { QueryError } from '#app/ui/query-error'
import { Sheet } from '#app/ui/sheet'
import { Skeleton } from '#app/ui/skeleton'
import type { ProductVariant } from '#contract/catalogue'
import { formatKobo } from '#contract/naira'

import { productDetailQuery } from '../queries'
import { discountText, hasDiscount } from '../variants'
import { PayLinkSection } from './pay-link-section'
import { VariantPrice } from './variant-price'

const heading = css({ textStyle: 'caption', color: 'fg.muted', textTransform: 'uppercase', letterSpacing: 'wide', mt: '5', mb: '1' })
const footer = css({ display: 'flex', flexDirection: 'column', gap: '2', '& > *': { w: 'full' } })
const linkButton = (variant: 'solid' | 'outline') => cx(button({ variant, size: 'md' }), css({ textDecoration: 'none' }))

/**
 * A variant of the product in the cache (loaded by the product page under the sheet), so the sheet opens at once
 * and offline; a link opened straight to the sheet loads the product.
 */
export function useVariant(productId: string, variantId: string) {
  const query = useQuery(productDetailQuery(productId))
  const variant = query.data?.variants.find((v) => v.id === variantId)
  return { query, variant }
}

function Details({ variant }: { variant: ProductVariant }) {
  const options = visibleOptions(variant.options)
  return (
    <>
      <DetailList>
        {options.map(([name, value]) => (
          <DetailRow key={name} label={name}>
            {value}
          </DetailRow>
        ))}
        <DetailRow label="Price">
          <VariantPrice price={variant.price} discountedPrice={variant.discountedPrice} />
        </DetailRow>
        {hasDiscount(variant) ? <DetailRow label="Discount">{discountText(variant)}</DetailRow> : null}
        {/* Absent for a role without products (decision 175); this sheet is theirs only, but the rule is the answer's. */}
        {variant.costPrice != null ? (
          <>
            <DetailRow label="Cost price">{formatKobo(variant.costPrice)}</DetailRow>
            <DetailRow label="Margin">
              <MarginText price={variant.discountedPrice} cost={variant.costPrice} />
            </DetailRow>
          </>
        ) : null}
      </DetailList>
      <h3 className={heading}>Codes</h3>
      <DetailList>
        <DetailRow label="SKU">{variant.sku ?? 'None'}</DetailRow>
        <DetailRow label="Barcode">{variant.barcode ?? 'None'}</DetailRow>
      </DetailList>
      <h3 className={heading}>Stock</h3>
      <DetailList>
        <DetailRow label="Available units">
          {variant.availableUnits.toLocaleString('en-NG')}
          {variant.isLowStock ? <Badge tone="warning">Low stock</Badge> : null}
        </DetailRow>
        {/* Per location once an outlet's stock is in view (decision 174); each opens that location's count. */}
        {variant.locations.some((l) => l.outletId !== null)
          ? variant.locations.map((location) => (
              <DetailRow key={location.outletId ?? 'main'} label={location.name}>
                <Link
                  to="/products/$productId/variants/$variantId/stock/$location"
                  params={{ productId: variant.productId, variantId: variant.id, location: location.outletId ?? 'main' }}
                  aria-label={`Set stock at ${location.name}`}
                >
                  {location.units.toLocaleString('en-NG')}
                </Link>
                {location.isLowStock ? <Badge tone="warning">Low stock</Badge> : null}
              </DetailRow>
            ))
          : null}
        <DetailRow label="Availability">{variant.isAvailable ? 'Available' : 'Unavailable'}</DetailRow>
        <DetailRow label="Stock level alert">
          {variant.threshold === null ? 'Not set' : `At ${variant.threshold.toLocaleString('en-NG')} units or below`}
        </DetailRow>
      </DetailList>
      <PayLinkSection variant={variant} />
    </>
  )
}

/** The 'Variant Details' sheet (SPEC §2) for /products/$productId/variants/$variantId. */
export function VariantDetailsSheet({ productId, variantId, onClose }: { productId: string; variantId: string; onClose: () => void }) {
  const { query, variant } = useVariant(productId, variantId)
  const params = { productId, variantId }
  let body: ReactNode
  if (variant) body = <Details variant={variant} />
  else if (query.isError) body = <QueryError query={query} />
  else if (query.data) body = <EmptyState title="Variant not found" description="It may have been removed from the product." />
  else body = <Skeleton count={8} height={28} />

  return (
    <Sheet
      onClose={onClose}
      title="Variant Details"
      description={query.data?.name}
      footer={
        variant ? (
          <div className={footer}>
            <Link to="/products/$productId/variants/$variantId/update" params={params} className={linkButton('solid')}>
              Update Variant
            </Link>
            <Link to="/products/$productId/variants/$variantId/stock-alert" params={params} className={linkButton('outline')}>
              Update Stock Level Alert
            </Link>
          </div>
        ) : undefined
      }
    >
      {body}
    </Sheet>
  )
}
