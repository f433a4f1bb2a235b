import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'

import { DateFilter, type DateFilterValue } from '#app/ui/date-filter'

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

function setDate(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } })
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

  it('for Custom shows start and end dates capped at today, starting as today', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    render(<Harness onChange={onChange} />)
    await user.selectOptions(screen.getByLabelText('Duration'), 'Custom')
    expect(onChange).toHaveBeenLastCalledWith({ duration: 'CUSTOM', startDate: '2026-11-22', endDate: '2026-11-22' })
    const start = screen.getByLabelText('Start date') as HTMLInputElement
    expect(start.max).toBe('2026-11-22')
    expect((screen.getByLabelText('End date') as HTMLInputElement).max).toBe('2026-11-22')
  })

  it('rejects a future date with a message under the field', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    render(<Harness onChange={onChange} />)
    await user.selectOptions(screen.getByLabelText('Duration'), 'Custom')
    onChange.mockClear()
    setDate('End date', '2026-11-23')
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
    setDate('End date', '2026-11-10')
    expect(screen.getByText('Start date cannot be after end date')).toBeTruthy()
    expect(screen.getByLabelText('Start date').getAttribute('aria-invalid')).toBe('true')
    expect(onChange).not.toHaveBeenCalled()
    setDate('Start date', '2026-11-01')
    expect(screen.queryByText('Start date cannot be after end date')).toBeNull()
    expect(onChange).toHaveBeenLastCalledWith({ duration: 'CUSTOM', startDate: '2026-11-01', endDate: '2026-11-10' })
  })
})
