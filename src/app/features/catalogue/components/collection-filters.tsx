import { useEffect, useState } from 'react'
import { Button } from '../../../ui/button'
import { ChoiceChips } from '../../../ui/choice-chips'
import { RemovableChips } from '../../../ui/removable-chips'
import { Sheet } from '../../../ui/sheet'

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
  const [choice, setChoice] = useState<Choice | undefined>()
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    if (!open) return
    setChoice(value === undefined ? undefined : value ? 'yes' : 'no')
    setError(null)
    // Only on opening: the draft belongs to this visit of the sheet.
  }, [open])

  function apply(next: boolean | undefined) {
    onApply(next)
    onOpenChange(false)
  }

  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title="Filter Collections"
      footer={
        <>
          <Button variant="outline" onClick={() => apply(undefined)}>
            Clear filters
          </Button>
          <Button onClick={() => (choice ? apply(choice === 'yes') : setError(FIELD_REQUIRED))}>Apply</Button>
        </>
      }
    >
      <ChoiceChips
        legend="Is Visible?"
        choices={CHOICES}
        value={choice}
        error={error}
        onChange={(next) => {
          setChoice(next)
          setError(null)
        }}
      />
    </Sheet>
  )
}

export function ActiveCollectionFilters({ value, onChange }: { value: boolean | undefined; onChange: (isVisible: undefined) => void }) {
  const chips = value === undefined ? [] : [{ key: 'isVisible', label: value ? 'Visible' : 'Hidden' }]
  return <RemovableChips label="Active filters" chips={chips} onRemove={() => onChange(undefined)} />
}
