import { lazy, Suspense } from 'react'

import { toDisplayedDate } from '../lib/date-range'
import { Input } from './field'

export interface DateInputProps {
  /** 'yyyy-MM-dd' (a Lagos calendar day), or '' for none. */
  value: string
  /** Called with 'yyyy-MM-dd', or '' once the field is emptied. */
  onChange: (value: string) => void
  /** 'yyyy-MM-dd': days outside [min, max] are shown unavailable in the calendar; the form still says why. */
  min?: string
  max?: string
  disabled?: boolean
}

const DatePickerInput = lazy(() => import('./date-picker'))

/**
 * A date field that shows and takes dd/MM/yyyy on every device (issue 35): `<input type="date">` follows the
 * device's language, and showed MM/DD/YYYY on a phone set to US English. Typed as digits, or picked from the
 * calendar its button opens. Put it in a Field, which labels it. Its calendar code loads with the first date field
 * shown (decision 131); until then the field shows its value, read-only.
 */
export function DateInput(props: DateInputProps) {
  return (
    <Suspense fallback={<Input readOnly value={toDisplayedDate(props.value)} placeholder="dd/mm/yyyy" disabled={props.disabled} />}>
      <DatePickerInput {...props} />
    </Suspense>
  )
}
