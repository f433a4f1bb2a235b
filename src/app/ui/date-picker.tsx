import { DatePicker, type DateValue, parseDate } from '@ark-ui/react/date-picker'
import { useFieldContext } from '@ark-ui/react/field'
import { css } from 'styled-system/css'

import { isoFromDisplayed, toDisplayedDate } from '../lib/date-range'
import type { DateInputProps } from './date-input'
import { Input } from './field'
import { Icon } from './icon'

/*
 * The calendar behind DateInput (decision 131), loaded with the first date field shown: Ark's date picker and its
 * calendar library weigh ~22 kB gzip, which the first screens do not carry. The field reads and takes dd/MM/yyyy
 * whatever the device's language; the calendar's month and weekday names are English, weeks start on Monday.
 */

const control = css({ position: 'relative' })
const trigger = css({
  position: 'absolute',
  insetY: '0',
  right: '0',
  display: 'grid',
  placeItems: 'center',
  width: 'touch',
  color: 'fg.muted',
  cursor: 'pointer',
  borderRadius: 'control',
  _hover: { color: 'fg.default' },
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.focusRing', outlineOffset: '-6px' },
  _disabled: { cursor: 'not-allowed', opacity: 0.5 },
})
// Room for the calendar button over the input's right end.
const input = css({ pr: '12' })
const content = css({
  zIndex: 'toast',
  width: '18.5rem',
  maxWidth: 'calc(100vw - 2rem)',
  p: '3',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'control',
  boxShadow: 'overlay',
  _closed: { display: 'none' },
})
const header = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: '2' })
const title = css({ fontWeight: 'semibold' })
const step = css({
  display: 'grid',
  placeItems: 'center',
  width: '10',
  height: '10',
  borderRadius: 'control',
  cursor: 'pointer',
  _hover: { bg: 'bg.muted' },
  _disabled: { opacity: 0.4, cursor: 'not-allowed' },
})
const table = css({ width: 'full', borderCollapse: 'collapse', textAlign: 'center' })
const weekday = css({ py: '1', textStyle: 'body.sm', color: 'fg.muted', fontWeight: 'medium' })
const day = css({
  display: 'grid',
  placeItems: 'center',
  width: '10',
  height: '10',
  mx: 'auto',
  borderRadius: 'full',
  cursor: 'pointer',
  _hover: { bg: 'bg.muted' },
  // Days of the next or last month, and those out of range: muted, and only the out-of-range ones struck through.
  '&[data-outside-range], &[data-disabled]': { color: 'fg.disabled', cursor: 'not-allowed' },
  '&[data-today]': { fontWeight: 'bold', color: 'accent.fg' },
  '&[data-selected]': { bg: 'accent.default', color: 'fg.onAccent' },
  '&[data-focus]': { outline: '2px solid', outlineColor: 'accent.focusRing' },
  '&[data-unavailable]': { color: 'fg.disabled', cursor: 'not-allowed', textDecoration: 'line-through' },
})

/** What the field shows and what it reads back: dd/MM/yyyy, the app's one date format (SPEC §9). */
const format = (date: DateValue) => toDisplayedDate(date.toString())
const parse = (text: string) => {
  const iso = isoFromDisplayed(text)
  return iso ? parseDate(iso) : undefined
}

export default function DatePickerInput({ value, onChange, min, max, disabled }: DateInputProps) {
  const field = useFieldContext()
  const controlId = field?.ids.control
  return (
    <DatePicker.Root
      // en-GB: English names and Monday first; the Lagos zone makes the calendar's "today" the vendor's today.
      locale="en-GB"
      timeZone="Africa/Lagos"
      format={format}
      parse={parse}
      placeholder="dd/mm/yyyy"
      value={value ? [parseDate(value)] : []}
      onValueChange={(details) => onChange(details.value[0]?.toString() ?? '')}
      // Out-of-range days are shown unavailable rather than passed as min/max: the machine would silently move a
      // typed date into the range, where the form's own rules say what is wrong with it.
      isDateUnavailable={(date) => Boolean((min && date.toString() < min) || (max && date.toString() > max))}
      disabled={disabled ?? field?.disabled}
      invalid={field?.invalid}
      ids={controlId ? { input: () => controlId } : undefined}
      positioning={{ placement: 'bottom-start' }}
      lazyMount
      unmountOnExit
    >
      <DatePicker.Control className={control}>
        <DatePicker.Input asChild>
          <Input className={input} inputMode="numeric" />
        </DatePicker.Input>
        <DatePicker.Trigger className={trigger} aria-label="Choose a date from a calendar">
          <Icon name="calendar" size={20} />
        </DatePicker.Trigger>
      </DatePicker.Control>
      <DatePicker.Positioner>
        <DatePicker.Content className={content}>
          <DatePicker.View view="day">
            <DatePicker.Context>
              {(picker) => (
                <>
                  <div className={header}>
                    <DatePicker.PrevTrigger className={step} aria-label="Previous month">
                      <Icon name="chevron-left" size={20} />
                    </DatePicker.PrevTrigger>
                    <DatePicker.RangeText className={title} />
                    <DatePicker.NextTrigger className={step} aria-label="Next month">
                      <Icon name="chevron-right" size={20} />
                    </DatePicker.NextTrigger>
                  </div>
                  <DatePicker.Table className={table}>
                    <DatePicker.TableHead>
                      <DatePicker.TableRow>
                        {picker.weekDays.map((weekDay) => (
                          <DatePicker.TableHeader key={weekDay.long} className={weekday} abbr={weekDay.long}>
                            {weekDay.narrow}
                          </DatePicker.TableHeader>
                        ))}
                      </DatePicker.TableRow>
                    </DatePicker.TableHead>
                    <DatePicker.TableBody>
                      {picker.weeks.map((week) => (
                        <DatePicker.TableRow key={week[0]!.toString()}>
                          {week.map((date) => (
                            <DatePicker.TableCell key={date.toString()} value={date}>
                              <DatePicker.TableCellTrigger className={day}>{date.day}</DatePicker.TableCellTrigger>
                            </DatePicker.TableCell>
                          ))}
                        </DatePicker.TableRow>
                      ))}
                    </DatePicker.TableBody>
                  </DatePicker.Table>
                </>
              )}
            </DatePicker.Context>
          </DatePicker.View>
        </DatePicker.Content>
      </DatePicker.Positioner>
    </DatePicker.Root>
  )
}
