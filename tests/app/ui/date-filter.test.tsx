import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'

import { DateFilter, type DateFilterValue } from '#app/ui/date-filter'

import { dateField, typeDate } from '../date-field'

const today = new Date(2026, 10, 22, 10, 42)

function Harness({ onChange }: { onChange: (value: DateFilterValue) => void }) {
  const [value, setValue] = useState<DateFilterValue>({ duration: 'TODAY' })
  return (
    <DateFilter
      today={today}
      value={value}
      onChange={(next) => {
        onChange(next)
        setValue(next)
      }}
    />
  )
}

describe('DateFilter', () => {
  it('offers the five durations, Today first, and reports the chosen one', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    render(<Harness onChange={onChange} />)
    const select = screen.getByLabelText('Duration') as HTMLSelectElement
    expect(select.value).toBe('TODAY')
    expect(Array.from(select.options, (option) => option.text)).toEqual(['Today', 'Yesterday', 'Last week', 'Last month', 'Custom'])
    expect(screen.queryByLabelText('Start date')).toBeNull()
    await user.selectOptions(select, 'Last week')
    expect(onChange).toHaveBeenLastCalledWith({ duration: 'LAST_WEEK' })
  })

  it('for Custom shows start and end dates as dd/MM/yyyy on a US-English device, starting as today', async () => {
    // Issue 35: a native date input follows the device and read 11/22/2026 there.
    expect(navigator.language).toBe('en-US')
    expect(new Intl.DateTimeFormat().resolvedOptions().locale).toBe('en-US')
    const user = userEvent.setup()
    const onChange = vi.fn()
    render(<Harness onChange={onChange} />)
    await user.selectOptions(screen.getByLabelText('Duration'), 'Custom')
    expect(onChange).toHaveBeenLastCalledWith({ duration: 'CUSTOM', startDate: '2026-11-22', endDate: '2026-11-22' })
    expect((await dateField('Start date')).value).toBe('22/11/2026')
    expect((await dateField('End date')).value).toBe('22/11/2026')
  })

  it('takes a typed dd/MM/yyyy date', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    render(<Harness onChange={onChange} />)
    await user.selectOptions(screen.getByLabelText('Duration'), 'Custom')
    // Key by key, as a person types.
    const start = await dateField('Start date')
    await user.clear(start)
    await user.type(start, '03/11/2026')
    await user.tab()
    expect(onChange).toHaveBeenLastCalledWith({ duration: 'CUSTOM', startDate: '2026-11-03', endDate: '2026-11-22' })
    expect((await dateField('Start date')).value).toBe('03/11/2026')
  })

  it('picks a date from the calendar, which shows the month and no day after today', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    render(<Harness onChange={onChange} />)
    await user.selectOptions(screen.getByLabelText('Duration'), 'Custom')
    await dateField('Start date')
    await user.click(screen.getAllByRole('button', { name: 'Choose a date from a calendar' })[0]!)
    const calendar = await screen.findByRole('application')
    expect(within(calendar).getByText('November 2026')).toBeTruthy()
    expect(
      within(calendar)
        .getByRole('button', { name: /23 November 2026/ })
        .getAttribute('aria-disabled'),
    ).toBe('true')
    await user.click(within(calendar).getByRole('button', { name: /10 November 2026/ }))
    expect(onChange).toHaveBeenLastCalledWith({ duration: 'CUSTOM', startDate: '2026-11-10', endDate: '2026-11-22' })
    expect((await dateField('Start date')).value).toBe('10/11/2026')
  })

  it('rejects a future date with a message under the field', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    render(<Harness onChange={onChange} />)
    await user.selectOptions(screen.getByLabelText('Duration'), 'Custom')
    onChange.mockClear()
    await typeDate('End date', '23/11/2026')
    const end = screen.getByLabelText('End date')
    expect(end.getAttribute('aria-invalid')).toBe('true')
    const message = screen.getByText('Date cannot be in the future')
    expect(end.getAttribute('aria-describedby')).toContain(message.id)
    expect(onChange).not.toHaveBeenCalled()
  })

  it('rejects a start after the end, then accepts the corrected range', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    render(<Harness onChange={onChange} />)
    await user.selectOptions(screen.getByLabelText('Duration'), 'Custom')
    onChange.mockClear()
    await typeDate('End date', '10/11/2026')
    expect(screen.getByText('Start date cannot be after end date')).toBeTruthy()
    expect(screen.getByLabelText('Start date').getAttribute('aria-invalid')).toBe('true')
    expect(onChange).not.toHaveBeenCalled()
    await typeDate('Start date', '01/11/2026')
    expect(screen.queryByText('Start date cannot be after end date')).toBeNull()
    expect(onChange).toHaveBeenLastCalledWith({ duration: 'CUSTOM', startDate: '2026-11-01', endDate: '2026-11-10' })
  })
})
