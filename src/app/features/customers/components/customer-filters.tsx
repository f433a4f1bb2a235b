import * as v from 'valibot'

import { ChoiceChips } from '#app/ui/choice-chips'
import { Field, Input } from '#app/ui/field'
import { FilterSheet, useFilterDraft } from '#app/ui/filter-sheet'
import { type RemovableChip, RemovableChips } from '#app/ui/removable-chips'

import { customerEmail, type CustomerFilters, INVALID_EMAIL } from '../search'

const ANONYMOUS_CHOICES = [
  { value: 'all', label: 'All' },
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
] as const

interface Draft {
  anonymous: (typeof ANONYMOUS_CHOICES)[number]['value']
  email: string
  /** Set once Apply was pressed or the field left, so the message does not scold while typing. */
  checkEmail: boolean
}

const toDraft = (value: CustomerFilters): Draft => ({
  anonymous: value.isAnonymous === undefined ? 'all' : value.isAnonymous ? 'true' : 'false',
  email: value.email ?? '',
  checkEmail: false,
})

/** The email as the filter takes it: blank is no filter, anything else must be an email. */
function emailError(text: string): string | undefined {
  return text.trim() && !v.is(customerEmail, text) ? INVALID_EMAIL : undefined
}

export interface FilterCustomersSheetProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  value: CustomerFilters
  onApply: (value: CustomerFilters) => void
}

/**
 * 'Filter Customers' (SPEC §2): anonymous or not, and one exact email ('Enter a valid email.' otherwise, SPEC §5).
 * A draft until Apply, so the list and the URL change once.
 */
export function FilterCustomersSheet({ open, onOpenChange, value, onApply }: FilterCustomersSheetProps) {
  const [draft, setDraft] = useFilterDraft(open, () => toDraft(value))
  const error = draft.checkEmail ? emailError(draft.email) : undefined

  function apply() {
    if (emailError(draft.email)) {
      setDraft((d) => ({ ...d, checkEmail: true }))
      return false
    }
    onApply({
      isAnonymous: draft.anonymous === 'all' ? undefined : draft.anonymous === 'true',
      email: draft.email.trim().toLowerCase() || undefined,
    })
  }

  return (
    <FilterSheet open={open} onOpenChange={onOpenChange} title="Filter Customers" onClear={() => onApply({})} onApply={apply}>
      <ChoiceChips
        legend="Is Anonymous?"
        choices={ANONYMOUS_CHOICES}
        value={draft.anonymous}
        onChange={(anonymous) => setDraft((d) => ({ ...d, anonymous }))}
      />
      <Field label="Email" error={error} helper="The customer's exact email address.">
        <Input
          type="email"
          inputMode="email"
          autoComplete="off"
          placeholder="customer@example.com"
          value={draft.email}
          onChange={(event) => setDraft((d) => ({ ...d, email: event.target.value }))}
          onBlur={() => setDraft((d) => ({ ...d, checkEmail: true }))}
        />
      </Field>
    </FilterSheet>
  )
}

/** The sheet's filters that are on, each removable on its own. */
export function ActiveCustomerFilters({ value, onChange }: { value: CustomerFilters; onChange: (value: CustomerFilters) => void }) {
  const chips: RemovableChip[] = []
  if (value.isAnonymous !== undefined) chips.push({ key: 'isAnonymous', label: value.isAnonymous ? 'Anonymous' : 'Not anonymous' })
  if (value.email) chips.push({ key: 'email', label: `Email: ${value.email}` })
  return <RemovableChips label="Active filters" chips={chips} onRemove={(key) => onChange({ ...value, [key]: undefined })} />
}
