import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'

import { OtpInput, PinInput } from '#app/ui/pin-input'

function Harness({ onComplete, otp = false }: { onComplete: (value: string) => void; otp?: boolean }) {
  const [value, setValue] = useState('')
  return (
    <>
      {otp ? (
        <OtpInput label="Verification code" value={value} onChange={setValue} onComplete={onComplete} />
      ) : (
        <PinInput label="Transaction PIN" value={value} onChange={setValue} onComplete={onComplete} />
      )}
      <output data-testid="value">{value}</output>
    </>
  )
}

describe('PinInput', () => {
  it('renders four masked, numeric boxes named after the label', () => {
    render(<Harness onComplete={() => {}} />)
    const boxes = screen.getAllByLabelText(/^Transaction PIN, digit/)
    expect(boxes).toHaveLength(4)
    for (const box of boxes) {
      expect(box.getAttribute('inputmode')).toBe('numeric')
      expect(box.getAttribute('type')).toBe('password')
    }
  })

  it('accepts only digits and calls onComplete once four are in', async () => {
    const user = userEvent.setup()
    const onComplete = vi.fn()
    render(<Harness onComplete={onComplete} />)
    await user.click(screen.getByLabelText('Transaction PIN, digit 1 of 4'))
    await user.keyboard('1a2')
    expect(screen.getByTestId('value').textContent).toBe('12')
    expect(onComplete).not.toHaveBeenCalled()
    await user.keyboard('x34')
    expect(screen.getByTestId('value').textContent).toBe('1234')
    expect(onComplete).toHaveBeenCalledTimes(1)
    expect(onComplete).toHaveBeenCalledWith('1234')
  })
})

describe('OtpInput', () => {
  it('has six visible boxes that accept a one-time code from the phone', async () => {
    const user = userEvent.setup()
    const onComplete = vi.fn()
    render(<Harness otp onComplete={onComplete} />)
    const boxes = screen.getAllByLabelText(/^Verification code, digit/)
    expect(boxes).toHaveLength(6)
    expect(boxes[0]!.getAttribute('autocomplete')).toBe('one-time-code')
    expect(boxes[0]!.getAttribute('type')).not.toBe('password')
    await user.click(boxes[0]!)
    await user.keyboard('123456')
    expect(onComplete).toHaveBeenCalledWith('123456')
  })
})
