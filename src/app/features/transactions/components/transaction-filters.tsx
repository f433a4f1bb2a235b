import { useState, type ComponentType } from 'react'
import { css } from 'styled-system/css'
import { Button } from '../../../ui/button'
import { ChoiceChips } from '../../../ui/choice-chips'
import { RemovableChips } from '../../../ui/removable-chips'
import { FilterSheet, useFilterDraft } from '../../../ui/filter-sheet'
import type { TransactionSearch } from '../search'

export type SheetFilters = Pick<TransactionSearch, 'status' | 'type' | 'customerId'>

const STATUS_CHOICES = [
  { value: 'all', label: 'All' },
  { value: 'success', label: 'success' },
  { value: 'pending', label: 'pending' },
  { value: 'failed', label: 'failed' },
] as const
const TYPE_CHOICES = [
  { value: 'all', label: 'All' },
  { value: 'credit', label: 'credit' },
  { value: 'debit', label: 'debit' },
] as const

const note = css({ textStyle: 'body.sm', color: 'fg.muted' })

/** The shared customer picker dialog's props (features/customers), handed in by the route that may use it. */
export type CustomerPickerComponent = ComponentType<{
  open: boolean
  onOpenChange: (open: boolean) => void
  onSelect: (customer: { id: string; name: string }) => void
  selectedId?: string
}>

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
export function FilterTransactionsSheet({ open, onOpenChange, value, onApply, picker: Picker, customerName }: FilterTransactionsSheetProps) {
  const [draft, setDraft] = useFilterDraft<SheetFilters>(open, () => value)
  const [picking, setPicking] = useState(false)
  const [picked, setPicked] = useState<{ id: string; name: string } | null>(null)
  const draftName = picked && picked.id === draft.customerId ? picked.name : draft.customerId === value.customerId ? customerName : undefined
  return (
    <FilterSheet open={open} onOpenChange={onOpenChange} title="Filter Transactions" onClear={() => onApply({})} onApply={() => onApply(draft)}>
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
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        <p className={css({ textStyle: 'label' })}>Customer</p>
        {draft.customerId ? (
          <div className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', overflowWrap: 'anywhere' })}>
            <span>{draftName ?? "One customer's transactions"}</span>
            <Button variant="ghost" size="sm" onClick={() => setDraft((d) => ({ ...d, customerId: undefined }))}>
              Remove
            </Button>
          </div>
        ) : (
          <p className={note}>
            {Picker ? 'All customers.' : 'All customers. To see one customer\'s transactions, open one of their transactions and choose "All from this customer".'}
          </p>
        )}
        {Picker ? (
          <>
            <Button variant="outline" onClick={() => setPicking(true)}>
              {draft.customerId ? 'Choose another customer' : 'Choose a customer'}
            </Button>
            <Picker
              open={picking}
              onOpenChange={setPicking}
              selectedId={draft.customerId}
              onSelect={(customer) => {
                setPicked(customer)
                setDraft((d) => ({ ...d, customerId: customer.id }))
              }}
            />
          </>
        ) : null}
      </div>
    </FilterSheet>
  )
}

/** The sheet's filters that are on, each removable on its own. */
export function ActiveFilters({ value, onChange, customerName }: { value: SheetFilters; onChange: (value: SheetFilters) => void; customerName?: string }) {
  const chips: { key: keyof SheetFilters; label: string }[] = []
  if (value.status) chips.push({ key: 'status', label: `Status: ${value.status}` })
  if (value.type) chips.push({ key: 'type', label: `Type: ${value.type}` })
  if (value.customerId) chips.push({ key: 'customerId', label: customerName ? `Customer: ${customerName}` : 'One customer' })
  return <RemovableChips label="Active filters" chips={chips} onRemove={(key) => onChange({ ...value, [key]: undefined })} />
}
