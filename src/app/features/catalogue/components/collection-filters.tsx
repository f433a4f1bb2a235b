import { ChoiceChips } from '#app/ui/choice-chips'
import { FilterSheet, useFilterDraft } from '#app/ui/filter-sheet'
import { RemovableChips } from '#app/ui/removable-chips'

/** SPEC §5: the one filter of Filter Collections is required, with this exact message. */
export const FIELD_REQUIRED = 'Field is required.'

const CHOICES = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const
type Choice = (typeof CHOICES)[number]['value']

export interface FilterCollectionsSheetProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  value: boolean | undefined
  onApply: (isVisible: boolean | undefined) => void
}

/** 'Filter Collections' (SPEC §2): Is Visible? yes or no, and Apply refuses until one is chosen. */
export function FilterCollectionsSheet({ open, onOpenChange, value, onApply }: FilterCollectionsSheetProps) {
  const [draft, setDraft] = useFilterDraft<{ choice?: Choice; error: string | null }>(open, () => ({
    choice: value === undefined ? undefined : value ? 'yes' : 'no',
    error: null,
  }))

  function apply() {
    if (!draft.choice) {
      setDraft((d) => ({ ...d, error: FIELD_REQUIRED }))
      return false
    }
    onApply(draft.choice === 'yes')
  }

  return (
    <FilterSheet open={open} onOpenChange={onOpenChange} title="Filter Collections" onClear={() => onApply(undefined)} onApply={apply}>
      <ChoiceChips
        legend="Is Visible?"
        choices={CHOICES}
        value={draft.choice}
        error={draft.error}
        onChange={(choice) => setDraft({ choice, error: null })}
      />
    </FilterSheet>
  )
}

export function ActiveCollectionFilters({ value, onChange }: { value: boolean | undefined; onChange: (isVisible: undefined) => void }) {
  const chips = value === undefined ? [] : [{ key: 'isVisible', label: value ? 'Visible' : 'Hidden' }]
  return <RemovableChips label="Active filters" chips={chips} onRemove={() => onChange(undefined)} />
}
