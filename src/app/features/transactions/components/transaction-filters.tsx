import { ChoiceChips } from '#app/ui/choice-chips'
import { CustomerChoice, type CustomerPickerComponent } from '#app/ui/customer-choice'
import { FilterSheet, useFilterDraft } from '#app/ui/filter-sheet'
import { RemovableChips } from '#app/ui/removable-chips'

import type { TransactionSearch } from '../search'

export type SheetFilters = Pick<TransactionSearch, 'status' | 'type' | 'customerId' | 'unattached'>

const STATUS_CHOICES = [
  { value: 'all', label: 'All' },
  { value: 'success', label: 'success' },
  { value: 'pending', label: 'pending' },
  { value: 'failed', label: 'failed' },
] as const
const UNATTACHED_CHOICES = [
  { value: 'all', label: 'All' },
  { value: 'unattached', label: 'Unattached' },
] as const
const TYPE_CHOICES = [
  { value: 'all', label: 'All' },
  { value: 'credit', label: 'credit' },
  { value: 'debit', label: 'debit' },
] as const

export interface FilterTransactionsSheetProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  value: SheetFilters
  onApply: (value: SheetFilters) => void
  /** The customer picker, when the user may list customers (VENDOR_CUSTOMERS); the route decides. */
  picker?: CustomerPickerComponent
  /** The applied customer's name, when it is known. */
  customerName?: string
}

/**
 * 'Filter Transactions' (SPEC §2): status, type and customer, chosen with the shared customer picker. Choices
 * are a draft until Apply, so the list (and the URL) change once, not at every tap.
 */
export function FilterTransactionsSheet({
  open,
  onOpenChange,
  value,
  onApply,
  picker: Picker,
  customerName,
}: FilterTransactionsSheetProps) {
  const [draft, setDraft] = useFilterDraft<SheetFilters>(open, () => value)
  return (
    <FilterSheet
      open={open}
      onOpenChange={onOpenChange}
      title="Filter Transactions"
      onClear={() => onApply({})}
      onApply={() => onApply(draft)}
    >
      <ChoiceChips
        legend="Status"
        choices={STATUS_CHOICES}
        value={draft.status ?? 'all'}
        onChange={(status) => setDraft((d) => ({ ...d, status: status === 'all' ? undefined : status }))}
      />
      <ChoiceChips
        legend="Type"
        choices={TYPE_CHOICES}
        value={draft.type ?? 'all'}
        onChange={(type) => setDraft((d) => ({ ...d, type: type === 'all' ? undefined : type }))}
      />
      <ChoiceChips
        legend="Paid into a closed order account"
        choices={UNATTACHED_CHOICES}
        value={draft.unattached ? 'unattached' : 'all'}
        onChange={(choice) => setDraft((d) => ({ ...d, unattached: choice === 'unattached' ? true : undefined }))}
      />
      <CustomerChoice
        value={draft.customerId}
        onChange={(customerId) => setDraft((d) => ({ ...d, customerId }))}
        appliedId={value.customerId}
        appliedName={customerName}
        picker={Picker}
        unnamed="One customer's transactions"
        withoutPicker={'To see one customer\'s transactions, open one of their transactions and choose "All from this customer".'}
      />
    </FilterSheet>
  )
}

/** The sheet's filters that are on, each removable on its own. */
export function ActiveFilters({
  value,
  onChange,
  customerName,
}: {
  value: SheetFilters
  onChange: (value: SheetFilters) => void
  customerName?: string
}) {
  const chips: { key: keyof SheetFilters; label: string }[] = []
  if (value.status) chips.push({ key: 'status', label: `Status: ${value.status}` })
  if (value.type) chips.push({ key: 'type', label: `Type: ${value.type}` })
  if (value.unattached) chips.push({ key: 'unattached', label: 'Unattached' })
  if (value.customerId) chips.push({ key: 'customerId', label: customerName ? `Customer: ${customerName}` : 'One customer' })
  return <RemovableChips label="Active filters" chips={chips} onRemove={(key) => onChange({ ...value, [key]: undefined })} />
}
