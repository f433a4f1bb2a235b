import { ChoiceChips } from '#app/ui/choice-chips'
import { FilterSheet, useFilterDraft } from '#app/ui/filter-sheet'
import { RemovableChips } from '#app/ui/removable-chips'

/** SPEC §5: the one filter of Filter Disputes is required, with this exact message. */
export const SELECT_AN_OPTION = 'Please select an option.'

const CHOICES = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const
type Choice = (typeof CHOICES)[number]['value']

export interface FilterDisputesSheetProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  value: boolean | undefined
  onApply: (isEscalated: boolean | undefined) => void
}

/** 'Filter Disputes' (SPEC §2): Is escalated? yes or no, and Apply refuses until one is chosen. */
export function FilterDisputesSheet({ open, onOpenChange, value, onApply }: FilterDisputesSheetProps) {
  const [draft, setDraft] = useFilterDraft<{ choice?: Choice; error: string | null }>(open, () => ({
    choice: value === undefined ? undefined : value ? 'yes' : 'no',
    error: null,
  }))

  function apply() {
    if (!draft.choice) {
      setDraft((d) => ({ ...d, error: SELECT_AN_OPTION }))
      return false
    }
    onApply(draft.choice === 'yes')
  }

  return (
    <FilterSheet open={open} onOpenChange={onOpenChange} title="Filter Disputes" onClear={() => onApply(undefined)} onApply={apply}>
      <ChoiceChips
        legend="Is escalated?"
        choices={CHOICES}
        value={draft.choice}
        error={draft.error}
        onChange={(choice) => setDraft({ choice, error: null })}
      />
    </FilterSheet>
  )
}

export function ActiveDisputeFilters({ value, onChange }: { value: boolean | undefined; onChange: (isEscalated: undefined) => void }) {
  const chips = value === undefined ? [] : [{ key: 'isEscalated', label: value ? 'Escalated' : 'Not escalated' }]
  return <RemovableChips label="Active filters" chips={chips} onRemove={() => onChange(undefined)} />
}
