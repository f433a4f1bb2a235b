import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { errorMessage } from '#app/lib/api'
import { optionsText } from '#app/lib/variant-options'
import { Icon } from '#app/ui/icon'
import { rowName } from '#app/ui/row-text'
import { SearchBox } from '#app/ui/search-box'
import { Skeleton } from '#app/ui/skeleton'
import type { ProductVariant } from '#contract/catalogue'
import { formatKobo } from '#contract/naira'

import { sellableVariantsQuery } from '../queries'

const results = css({
  maxH: '18rem',
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'control',
  transition: 'opacity 150ms',
  '&[aria-busy=true]': { opacity: 0.6 },
})
const option = css({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  alignItems: 'center',
  gap: '3',
  w: 'full',
  minH: 'touch',
  px: '3',
  py: '2',
  textAlign: 'left',
  cursor: 'pointer',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  _hover: { bg: 'bg.subtle' },
})
const meta = css({ display: 'block', textStyle: 'body.sm', color: 'fg.muted' })
const note = css({ textStyle: 'body.sm', color: 'fg.muted', p: '3' })

/** What one result says: 'Jollof rice, Size: Large'. */
export function variantLabel(v: Pick<ProductVariant, 'productName' | 'options'>): string {
  const options = optionsText(v.options)
  return options ? `${v.productName}, ${options}` : v.productName
}

/**
 * The item picker: search the catalogue's sellable variants by product name or option value (GET /order/variants)
 * and add one with a tap; tapping again adds another unit.
 */
export function VariantSearch({ onAdd }: { onAdd: (variant: ProductVariant) => void }) {
  const [search, setSearch] = useState('')
  const query = useQuery(sellableVariantsQuery(search))
  return (
    <div className={stack({ gap: '2' })}>
      <SearchBox value={search} onChange={setSearch} label="Search products" placeholder="Search products to add" />
      {query.isPending ? (
        <Skeleton count={3} height={40} />
      ) : query.data?.items.length ? (
        <ul aria-label="Products to add" aria-busy={query.isPlaceholderData} className={results}>
          {query.data.items.map((variant) => (
            <li key={variant.id}>
              <button type="button" className={option} aria-label={`Add ${variantLabel(variant)}`} onClick={() => onAdd(variant)}>
                <span className={css({ minW: '0' })}>
                  <span className={rowName}>{variant.productName}</span>
                  <span className={meta}>
                    {[optionsText(variant.options), `${variant.availableUnits.toLocaleString('en-NG')} in stock`]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </span>
                <span className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
                  <span className={css({ textStyle: 'amount', fontSize: 'sm' })}>{formatKobo(variant.discountedPrice)}</span>
                  <Icon name="plus" size={18} />
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className={note}>
          {query.isError
            ? errorMessage(query.error)
            : search
              ? `No product matches "${search}".`
              : 'No products to sell yet. Add a custom item below.'}
        </p>
      )}
    </div>
  )
}
