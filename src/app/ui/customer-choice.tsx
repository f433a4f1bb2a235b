import { type ComponentType, useState } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { Button } from './button'

/**
 * The props of the one customer picker dialog (features/customers/customer-picker.tsx). Features do not import
 * each other, so a route hands the picker to a filter sheet as a component of this type (docs/decisions/041).
 */
export interface CustomerPickerProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Called with the chosen customer; the picker then closes itself. */
  onSelect: (customer: { id: string; name: string }) => void
  /** The customer already chosen, marked in the list. */
  selectedId?: string
}
export type CustomerPickerComponent = ComponentType<CustomerPickerProps>

const label = css({ textStyle: 'label' })
const note = css({ textStyle: 'body.sm', color: 'fg.muted' })
const chosen = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', overflowWrap: 'anywhere' })

export interface CustomerChoiceProps {
  /** The draft's customer. */
  value: string | undefined
  onChange: (customerId: string | undefined) => void
  /** The applied filter's customer and, when the route could look it up, its name. */
  appliedId?: string
  appliedName?: string
  /** The picker, when the user may list customers; without it only a customer from a link can be shown. */
  picker?: CustomerPickerComponent
  /** What the chosen line says when the name is not known: "One customer's orders". */
  unnamed: string
  /** Said under "All customers." when there is no picker: how to filter by one customer anyway. */
  withoutPicker: string
}

/** The Customer part of a filter sheet (Filter Transactions, Filter Orders, Filter Invoices): who, and the picker. */
export function CustomerChoice({ value, onChange, appliedId, appliedName, picker: Picker, unnamed, withoutPicker }: CustomerChoiceProps) {
  const [picking, setPicking] = useState(false)
  const [picked, setPicked] = useState<{ id: string; name: string } | null>(null)
  const name = picked && picked.id === value ? picked.name : value === appliedId ? appliedName : undefined
  return (
    <div className={stack({ gap: '2' })}>
      <p className={label}>Customer</p>
      {value ? (
        <div className={chosen}>
          <span>{name ?? unnamed}</span>
          <Button variant="ghost" size="sm" onClick={() => onChange(undefined)}>
            Remove
          </Button>
        </div>
      ) : (
        <p className={note}>All customers.</p>
      )}
      {Picker ? (
        <>
          <Button variant="outline" onClick={() => setPicking(true)}>
            {value ? 'Choose another customer' : 'Choose a customer'}
          </Button>
          <Picker
            open={picking}
            onOpenChange={setPicking}
            selectedId={value}
            onSelect={(customer) => {
              setPicked(customer)
              onChange(customer.id)
            }}
          />
        </>
      ) : value ? null : (
        <p className={note}>{withoutPicker}</p>
      )}
    </div>
  )
}
