import { useId } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { Select } from '#app/ui/field'
import { Icon } from '#app/ui/icon'

import { type DateParts, daysInMonth, yearChoices } from '../date-of-birth'

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

const fieldset = stack({ gap: '2', border: 'none', p: '0', m: '0', minW: '0' })
const legend = css({ textStyle: 'label', color: 'fg.default', mb: '2', p: '0' })
const row = css({ display: 'grid', gridTemplateColumns: '1fr 1.6fr 1.2fr', gap: '2' })
const errorText = css({ display: 'flex', alignItems: 'flex-start', gap: '1.5', textStyle: 'body.sm', color: 'danger.fg' })

export interface DateOfBirthSelectProps {
  value: DateParts
  onChange: (value: DateParts) => void
  onBlur?: () => void
  error?: string | null
}

/** Day, month and year dropdowns: native selects open the phone's own wheel, quicker than a calendar for 1985. */
export function DateOfBirthSelect({ value, onChange, onBlur, error }: DateOfBirthSelectProps) {
  const id = useId()
  const days = daysInMonth(Number(value.month) || 1, value.year ? Number(value.year) : null)
  const set = (patch: Partial<DateParts>) => {
    const next = { ...value, ...patch }
    // 31 March → February: the day no longer exists, so it is asked for again rather than silently moved.
    if (next.day && next.month && Number(next.day) > daysInMonth(Number(next.month), next.year ? Number(next.year) : null)) next.day = ''
    onChange(next)
  }
  const invalid = error ? true : undefined
  return (
    <fieldset className={fieldset} aria-describedby={error ? `${id}-error` : undefined} onBlur={onBlur}>
      <legend className={legend}>Date of birth</legend>
      <div className={row}>
        <Select aria-label="Day" invalid={invalid} value={value.day} onChange={(e) => set({ day: e.target.value })}>
          <option value="">Day</option>
          {Array.from({ length: days }, (_, i) => (
            <option key={i + 1} value={String(i + 1)}>
              {i + 1}
            </option>
          ))}
        </Select>
        <Select aria-label="Month" invalid={invalid} value={value.month} onChange={(e) => set({ month: e.target.value })}>
          <option value="">Month</option>
          {MONTHS.map((name, i) => (
            <option key={name} value={String(i + 1)}>
              {name}
            </option>
          ))}
        </Select>
        <Select aria-label="Year" invalid={invalid} value={value.year} onChange={(e) => set({ year: e.target.value })}>
          <option value="">Year</option>
          {yearChoices().map((year) => (
            <option key={year} value={String(year)}>
              {year}
            </option>
          ))}
        </Select>
      </div>
      {error ? (
        <p id={`${id}-error`} className={errorText}>
          <Icon name="alert-circle" size={16} />
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
