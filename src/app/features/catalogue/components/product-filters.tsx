import { useQuery } from '@tanstack/react-query'
import { css } from 'styled-system/css'

import { ChoiceChips } from '#app/ui/choice-chips'
import { AmountInput, Field, Select } from '#app/ui/field'
import { FilterSheet, useFilterDraft } from '#app/ui/filter-sheet'
import { type RemovableChip, RemovableChips } from '#app/ui/removable-chips'
import { parseNairaToKobo } from '#contract/money'
import { formatKobo, koboToNairaInput } from '#contract/naira'

import { allCollectionsQuery } from '../queries'
import type { ProductFilters } from '../search'

const PUBLISHED_CHOICES = [
  { value: 'all', label: 'All' },
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
] as const

interface Draft {
  published: 'all' | 'true' | 'false'
  collectionId: string
  min: string
  max: string
}

const toDraft = (value: ProductFilters): Draft => ({
  published: value.isPublished === undefined ? 'all' : value.isPublished ? 'true' : 'false',
  collectionId: value.collectionId ?? '',
  min: value.priceRangeLow === undefined ? '' : koboToNairaInput(value.priceRangeLow),
  max: value.priceRangeHigh === undefined ? '' : koboToNairaInput(value.priceRangeHigh),
})

const range = css({ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: '3' })

export interface FilterProductsSheetProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  value: ProductFilters
  onApply: (value: ProductFilters) => void
}

/**
 * 'Filter Products' (SPEC §2): published or not, one collection (from all of them), and a price range typed in
 * naira that reaches the URL and the API in kobo. A draft until Apply, so the list changes once.
 */
export function FilterProductsSheet({ open, onOpenChange, value, onApply }: FilterProductsSheetProps) {
  const collections = useQuery({ ...allCollectionsQuery(), enabled: open })
  const [draft, setDraft] = useFilterDraft(open, () => toDraft(value))

  const low = draft.min ? parseNairaToKobo(draft.min) : undefined
  const high = draft.max ? parseNairaToKobo(draft.max) : undefined
  const rangeError = low != null && high != null && high < low ? 'Must not be below the minimum price.' : undefined

  return (
    <FilterSheet
      open={open}
      onOpenChange={onOpenChange}
      title="Filter Products"
      onClear={() => onApply({})}
      applyDisabled={Boolean(rangeError)}
      onApply={() =>
        onApply({
          isPublished: draft.published === 'all' ? undefined : draft.published === 'true',
          collectionId: draft.collectionId || undefined,
          priceRangeLow: low ?? undefined,
          priceRangeHigh: high ?? undefined,
        })
      }
    >
      <ChoiceChips
        legend="Published?"
        choices={PUBLISHED_CHOICES}
        value={draft.published}
        onChange={(published) => setDraft((d) => ({ ...d, published }))}
      />
      <Field label="Collection" helper={collections.isError ? 'Could not load your collections.' : undefined}>
        <Select value={draft.collectionId} onChange={(event) => setDraft((d) => ({ ...d, collectionId: event.target.value }))}>
          <option value="">All collections</option>
          {collections.data?.items.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </Select>
      </Field>
      <div className={range}>
        <Field label="Minimum price">
          <AmountInput value={draft.min} onChange={(min) => setDraft((d) => ({ ...d, min }))} />
        </Field>
        <Field label="Maximum price" error={rangeError}>
          <AmountInput value={draft.max} onChange={(max) => setDraft((d) => ({ ...d, max }))} />
        </Field>
      </div>
    </FilterSheet>
  )
}

/** The filters that are on, each removable on its own (the collection by its name once collections load). */
export function ActiveProductFilters({ value, onChange }: { value: ProductFilters; onChange: (value: ProductFilters) => void }) {
  const collections = useQuery({ ...allCollectionsQuery(), enabled: Boolean(value.collectionId) })
  const chips: RemovableChip[] = []
  if (value.isPublished !== undefined) chips.push({ key: 'isPublished', label: value.isPublished ? 'Published' : 'Draft' })
  if (value.collectionId) {
    const name = collections.data?.items.find((c) => c.id === value.collectionId)?.name
    chips.push({ key: 'collectionId', label: `Collection: ${name ?? '…'}` })
  }
  const { priceRangeLow: low, priceRangeHigh: high } = value
  if (low !== undefined || high !== undefined) {
    const label =
      low !== undefined && high !== undefined
        ? `${formatKobo(low)} – ${formatKobo(high)}`
        : low !== undefined
          ? `From ${formatKobo(low)}`
          : `Up to ${formatKobo(high!)}`
    chips.push({ key: 'price', label: `Price: ${label}` })
  }
  return (
    <RemovableChips
      label="Active filters"
      chips={chips}
      onRemove={(key) =>
        onChange(key === 'price' ? { ...value, priceRangeLow: undefined, priceRangeHigh: undefined } : { ...value, [key]: undefined })
      }
    />
  )
}
