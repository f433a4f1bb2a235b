import { ChoiceChips } from '#app/ui/choice-chips'
import { CustomerChoice, type CustomerPickerComponent } from '#app/ui/customer-choice'
import { FilterSheet, useFilterDraft } from '#app/ui/filter-sheet'
import { type RemovableChip, RemovableChips } from '#app/ui/removable-chips'
import { ORDER_STATUSES } from '#contract/orders'

import type { KindText } from '../kinds'
import type { OrderSheetFilters } from '../search'

const STATUS_CHOICES = [{ value: 'all', label: 'All' }, ...ORDER_STATUSES.map((s) => ({ value: s, label: s }))] as const

export interface FilterOrdersSheetProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  kind: KindText
  value: OrderSheetFilters
  onApply: (value: OrderSheetFilters) => void
  /** The customer picker, when the user may list customers (docs/decisions/041). */
  picker?: CustomerPickerComponent
  /** The applied customer's name, when it is known (looked up by the route). */
  customerName?: string
}

/**
 * Filter orders and invoices (SPEC §2): status (all ten of SPEC §4) and customer, chosen with the searchable
 * customer picker. A draft until Apply, so the list (and the URL) change once.
 */
export function FilterOrdersSheet({ open, onOpenChange, kind, value, onApply, picker: Picker, customerName }: FilterOrdersSheetProps) {
  const [draft, setDraft] = useFilterDraft<OrderSheetFilters>(open, () => value)
  return (
    <FilterSheet
      open={open}
      onOpenChange={onOpenChange}
      title={`Filter ${kind.plural}`}
      onClear={() => onApply({})}
      onApply={() => onApply(draft)}
    >
      <ChoiceChips
        legend="Status"
        choices={STATUS_CHOICES}
        value={draft.status ?? 'all'}
        onChange={(status) => setDraft((d) => ({ ...d, status: status === 'all' ? undefined : status }))}
      />
      <CustomerChoice
        value={draft.customerId}
        onChange={(customerId) => setDraft((d) => ({ ...d, customerId }))}
        appliedId={value.customerId}
        appliedName={customerName}
        picker={Picker}
        unnamed={`One customer's ${kind.plural.toLowerCase()}`}
        withoutPicker={`Your role cannot list customers; open a customer's ${kind.plural.toLowerCase()} from a link to filter by one.`}
      />
    </FilterSheet>
  )
}

/** The sheet's filters that are on, each removable on its own (the customer by name when it is known). */
export function ActiveOrderFilters({
  value,
  onChange,
  customerName: name,
}: {
  value: OrderSheetFilters
  onChange: (value: OrderSheetFilters) => void
  customerName?: string
}) {
  const chips: RemovableChip[] = []
  if (value.status) chips.push({ key: 'status', label: `Status: ${value.status}` })
  if (value.customerId) chips.push({ key: 'customerId', label: name ? `Customer: ${name}` : 'One customer' })
  return <RemovableChips label="Active filters" chips={chips} onRemove={(key) => onChange({ ...value, [key]: undefined })} />
}
