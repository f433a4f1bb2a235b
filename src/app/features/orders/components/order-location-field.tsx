import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'

import { Field, Select } from '#app/ui/field'

import { orderLocationsQuery } from '../queries'

/**
 * 'Sold at' (decision 174): the location whose stock the order takes, offered only to whoever may sell at several
 * (the owner, a manager, a member of two outlets). The first is chosen until they pick, and said in the draft, so
 * the order goes where the screen shows. With one location there is nothing to choose: the server knows it.
 */
export function OrderLocationField({ value, onChange }: { value: string | undefined; onChange: (outletId: string) => void }) {
  const locations = useQuery(orderLocationsQuery()).data ?? []
  const keys = locations.map((l) => l.outletId ?? 'main')
  const several = locations.length > 1
  useEffect(() => {
    if (several && (!value || !keys.includes(value))) onChange(keys[0]!)
  })
  if (!several) return null
  return (
    <Field label="Sold at" helper="The order takes its units from here when it is paid.">
      <Select value={value ?? keys[0]} onChange={(event) => onChange(event.target.value)}>
        {locations.map((location) => (
          <option key={location.outletId ?? 'main'} value={location.outletId ?? 'main'}>
            {location.name}
          </option>
        ))}
      </Select>
    </Field>
  )
}
