import { useEffect, useState } from 'react'
import { css } from 'styled-system/css'

import { type Duration, DURATION_LABELS, DURATIONS, toIsoDate, validateCustomRange } from '../lib/dates'
import { DateInput } from './date-input'
import { Field, Select } from './field'

export interface DateFilterValue {
  duration: Duration
  /** 'yyyy-MM-dd', only for CUSTOM. */
  startDate?: string
  endDate?: string
}

export interface DateFilterProps {
  value: DateFilterValue
  /** Called with a usable value only: a custom range reaches the caller once it is valid. */
  onChange: (value: DateFilterValue) => void
  /** Today's date; tests pass a fixed one. */
  today?: Date
}

const grid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'repeat(3, minmax(0, 1fr))' }, gap: '3' })
const range = css({ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: '3', sm: { gridColumn: 'span 2' } })

const FUTURE = 'Date cannot be in the future'

/** Per-field messages: a future date is flagged on that date, an inverted range on the start date. */
function rangeErrors(start: string, end: string, today: string): { start?: string; end?: string } {
  const errors: { start?: string; end?: string } = {}
  if (!start) errors.start = 'Select a start date'
  else if (start > today) errors.start = FUTURE
  if (!end) errors.end = 'Select an end date'
  else if (end > today) errors.end = FUTURE
  if (!errors.start && !errors.end) {
    const message = validateCustomRange(start, end, today)
    if (message) errors.start = message
  }
  return errors
}

/**
 * The 'Duration' filter (SPEC §2, §9). A custom range is kept as a draft while it is being edited and only
 * handed to onChange when it is valid, so a half-typed range never reaches the URL or the API.
 */
export function DateFilter({ value, onChange, today = new Date() }: DateFilterProps) {
  const todayIso = toIsoDate(today)
  const [draft, setDraft] = useState({ start: value.startDate ?? todayIso, end: value.endDate ?? todayIso })
  const [touched, setTouched] = useState(false)

  // A new value from outside (back button, a shared link) replaces the draft.
  useEffect(() => {
    if (value.startDate && value.endDate) setDraft({ start: value.startDate, end: value.endDate })
  }, [value.startDate, value.endDate])

  const errors = touched ? rangeErrors(draft.start, draft.end, todayIso) : {}

  function changeDuration(duration: Duration) {
    setTouched(false)
    if (duration !== 'CUSTOM') return onChange({ duration })
    // Custom starts as a valid one-day range (today), which the user then widens.
    const start = value.startDate ?? todayIso
    const end = value.endDate ?? todayIso
    setDraft({ start, end })
    onChange({ duration, startDate: start, endDate: end })
  }

  function changeDate(which: 'start' | 'end', date: string) {
    const next = { ...draft, [which]: date }
    setDraft(next)
    setTouched(true)
    const nextErrors = rangeErrors(next.start, next.end, todayIso)
    if (!nextErrors.start && !nextErrors.end) {
      onChange({ duration: 'CUSTOM', startDate: next.start, endDate: next.end })
    }
  }

  return (
    <div className={grid}>
      <Field label="Duration">
        <Select value={value.duration} onChange={(event) => changeDuration(event.target.value as Duration)}>
          {DURATIONS.map((duration) => (
            <option key={duration} value={duration}>
              {DURATION_LABELS[duration]}
            </option>
          ))}
        </Select>
      </Field>
      {value.duration === 'CUSTOM' ? (
        <div className={range}>
          <Field label="Start date" error={errors.start}>
            <DateInput max={todayIso} value={draft.start} onChange={(date) => changeDate('start', date)} />
          </Field>
          <Field label="End date" error={errors.end}>
            <DateInput min={draft.start || undefined} max={todayIso} value={draft.end} onChange={(date) => changeDate('end', date)} />
          </Field>
        </div>
      ) : null}
    </div>
  )
}
