import { useCallback, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { listRow } from 'styled-system/recipes'

import { formatCount } from '#app/lib/format'
import { Badge } from '#app/ui/badge'
import { Button } from '#app/ui/button'
import type { ProductSummary } from '#contract/catalogue'

import { priceRange } from './product-row'
import { ProductThumb } from './product-thumb'

/*
 * The products list's selection mode (issue 41): rows become tick boxes, and a bar pinned to the bottom of the
 * screen says how many are ticked and opens the bulk edit. A selection lives on this screen only: it is cleared
 * when the mode is left, and it can span pages (a page's worth is the most one bulk edit takes).
 */

export interface ProductSelection {
  selected: ReadonlySet<string>
  toggle: (id: string) => void
  clear: () => void
}

export function useProductSelection(): ProductSelection {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const toggle = useCallback(
    (id: string) =>
      setSelected((was) => {
        const next = new Set(was)
        if (!next.delete(id)) next.add(id)
        return next
      }),
    [],
  )
  const clear = useCallback(() => setSelected(new Set()), [])
  return { selected, toggle, clear }
}

const row = cx(listRow(), css({ gridTemplateColumns: 'auto auto minmax(0, 1fr)', py: '3', cursor: 'pointer' }))
const box = css({ w: '5', h: '5', accentColor: 'var(--colors-accent-default)', flexShrink: 0 })
const name = css({ display: 'block', fontWeight: 'medium', truncate: true })
const meta = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '1.5', mt: '1', textStyle: 'body.sm', color: 'fg.muted' })

/** A product row in selection mode: the whole row ticks its box. */
export function SelectableProductRow({ product: p, selection }: { product: ProductSummary; selection: ProductSelection }) {
  return (
    <label className={row} data-testid="product-row">
      <input type="checkbox" className={box} checked={selection.selected.has(p.id)} onChange={() => selection.toggle(p.id)} />
      <ProductThumb url={p.image?.url} size={44} />
      <span className={css({ minW: '0' })}>
        <span className={name}>{p.name}</span>
        <span className={meta}>
          <span>{priceRange(p.minPrice, p.maxPrice)}</span>
          <Badge tone={p.isPublished ? 'success' : 'neutral'}>{p.isPublished ? 'Published' : 'Draft'}</Badge>
        </span>
      </span>
    </label>
  )
}

const bar = css({
  position: 'sticky',
  bottom: '0',
  zIndex: 'sticky',
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  p: '3',
  borderRadius: 'card',
  bg: 'bg.surface',
  borderTopWidth: '1px',
  borderColor: 'border.default',
  boxShadow: 'raised',
})

/** '3 products selected', Cancel, and the bulk edit (nothing ticked: disabled). */
export function SelectionBar({ count, onEdit, onCancel }: { count: number; onEdit: () => void; onCancel: () => void }) {
  return (
    <div className={bar} role="region" aria-label="Selected products">
      <span className={css({ flex: '1', fontWeight: 'medium' })} aria-live="polite">
        {count === 0 ? 'Tick the products to change' : `${formatCount(count, 'product')} selected`}
      </span>
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button onClick={onEdit} disabled={count === 0}>
        Edit
      </Button>
    </div>
  )
}
