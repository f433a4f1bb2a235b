import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'

import { formatCount } from '#app/lib/format'
import { useOutboxOf } from '#app/lib/outbox'
import { optionsLabel } from '#app/lib/variant-options'
import { Badge } from '#app/ui/badge'
import { Card } from '#app/ui/card'
import { Icon } from '#app/ui/icon'
import { rowMeta, rowName } from '#app/ui/row-text'
import { Switch } from '#app/ui/switch'
import { WaitingBadge } from '#app/ui/waiting-badge'
import type { Product, ProductVariant } from '#contract/catalogue'
import { marginOf } from '#contract/margin'

import { useUpdateVariant } from '../queries'
import { VariantPrice } from './variant-price'

const list = css({ display: 'flex', flexDirection: 'column', mx: { base: '-4', md: '-5' }, mb: { base: '-4', md: '-5' } })
const row = css({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  alignItems: 'center',
  gap: '3',
  px: { base: '4', md: '5' },
  py: '2',
  borderTopWidth: '1px',
  borderColor: 'border.default',
})
const link = css({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  alignItems: 'center',
  gap: '2',
  minH: '14',
  color: 'fg.default',
  textDecoration: 'none',
  _hover: { color: 'accent.fg' },
})

const units = (n: number) => formatCount(n, 'unit')

function VariantRow({ variant }: { variant: ProductVariant }) {
  const update = useUpdateVariant()
  const label = optionsLabel(variant.options)
  // A change made offline shows what was asked for until it is sent (docs/decisions/092), and says it waits.
  const [queued] = useOutboxOf('variant', variant.id)
  const asked = { ...variant, ...(queued?.call.body as Partial<ProductVariant> | undefined) }
  // While the change is on its way the switch shows what was asked for, not the old state.
  const available =
    update.isPending && update.variables.body.isAvailable !== undefined ? update.variables.body.isAvailable : asked.isAvailable
  return (
    <li className={row} data-testid="variant-row">
      <Link to="/products/$productId/variants/$variantId" params={{ productId: variant.productId, variantId: variant.id }} className={link}>
        <span className={css({ minW: '0' })}>
          <span className={rowName}>{label}</span>
          <span className={rowMeta}>
            <VariantPrice price={variant.price} discountedPrice={variant.discountedPrice} />
            <span>· {units(asked.availableUnits)}</span>
            {variant.costPrice != null ? <span>· {marginOf(variant.discountedPrice, variant.costPrice).percent} margin</span> : null}
            {variant.isLowStock ? <Badge tone="warning">Low stock</Badge> : null}
            {asked.isAvailable ? null : <Badge>Unavailable</Badge>}
            {queued ? <WaitingBadge item={queued} /> : null}
          </span>
        </span>
        <Icon name="chevron-right" size={18} />
      </Link>
      <Switch
        label="Available"
        name={`${label}: Available`}
        compact
        checked={available}
        disabled={update.isPending}
        // Only isAvailable is sent: units sold meanwhile must not be overwritten by a toggle.
        onChange={(isAvailable) => update.mutate({ body: { id: variant.id, isAvailable }, variant })}
      />
    </li>
  )
}

/** Every variant with its price, stock and availability; a variant opens its Variant Details sheet. */
export function ProductVariantsSection({ product }: { product: Product }) {
  return (
    <Card title={`Variants (${product.variants.length})`}>
      <ul className={list} aria-label="Variants">
        {product.variants.map((variant) => (
          <VariantRow key={variant.id} variant={variant} />
        ))}
      </ul>
    </Card>
  )
}
