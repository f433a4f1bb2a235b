import { useState, type ComponentType } from 'react'
import { css } from 'styled-system/css'
import { ORDER_STATUSES } from '../../../../contract/orders'
import { Button } from '../../../ui/button'
import { ChoiceChips } from '../../../ui/choice-chips'
import { FilterSheet, useFilterDraft } from '../../../ui/filter-sheet'
import { RemovableChips, type RemovableChip } from '../../../ui/removable-chips'
import type { KindText } from '../kinds'
import type { OrderSheetFilters } from '../search'

/** The shared customer picker dialog's props (features/customers), handed in by the route that may use it. */
export interface CustomerPickerProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  onSelect: (customer: { id: string; name: string }) => void
  selectedId?: string
}
export type CustomerPickerComponent = ComponentType<CustomerPickerProps>

const STATUS_CHOICES = [{ value: 'all', label: 'All' }, ...ORDER_STATUSES.map((s) => ({ value: s, label: s }))] as const

const label = css({ textStyle: 'label' })
const note = css({ textStyle: 'body.sm', color: 'fg.muted' })
const chosen = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', overflowWrap: 'anywhere' })

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
  const [picking, setPicking] = useState(false)
  const [picked, setPicked] = useState<{ id: string; name: string } | null>(null)
  const name = picked && picked.id === draft.customerId ? picked.name : draft.customerId === value.customerId ? customerName : undefined

  return (
    <FilterSheet open={open} onOpenChange={onOpenChange} title={`Filter ${kind.plural}`} onClear={() => onApply({})} onApply={() => onApply(draft)}>
      <ChoiceChips
        legend="Status"
        choices={STATUS_CHOICES}
        value={draft.status ?? 'all'}
        onChange={(status) => setDraft((d) => ({ ...d, status: status === 'all' ? undefined : status }))}
      />
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        <p className={label}>Customer</p>
        {draft.customerId ? (
          <div className={chosen}>
            <span>{name ?? `One customer's ${kind.plural.toLowerCase()}`}</span>
            <Button variant="ghost" size="sm" onClick={() => setDraft((d) => ({ ...d, customerId: undefined }))}>
              Remove
            </Button>
          </div>
        ) : (
          <p className={note}>All customers.</p>
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
        ) : draft.customerId ? null : (
          <p className={note}>Your role cannot list customers; open a customer's {kind.plural.toLowerCase()} from a link to filter by one.</p>
        )}
      </div>
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
