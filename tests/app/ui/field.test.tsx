import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'

import { AmountInput, Field, Input, PhoneInput } from '#app/ui/field'

function Controlled({ kind }: { kind: 'phone' | 'amount' }) {
  const [value, setValue] = useState('')
  return (
    <Field label={kind === 'phone' ? 'Phone number' : 'Amount'}>
      {kind === 'phone' ? <PhoneInput value={value} onChange={setValue} /> : <AmountInput value={value} onChange={setValue} />}
    </Field>
  )
}

describe('Field', () => {
  it('ties the label, helper and error to the input', () => {
    render(
      <Field label="Account number" helper="10 digits" error="Enter a valid account number" required>
        <Input />
      </Field>,
    )
    const input = screen.getByLabelText(/Account number/) as HTMLInputElement
    expect(input.required).toBe(true)
    expect(input.getAttribute('aria-invalid')).toBe('true')
    const describedBy = input.getAttribute('aria-describedby')!.split(' ')
    expect(describedBy).toContain(screen.getByText('10 digits').id)
    expect(describedBy).toContain(screen.getByText('Enter a valid account number').id)
  })

  it('shows no error and no invalid state without an error', () => {
    render(
      <Field label="Narration">
        <Input />
      </Field>,
    )
    const input = screen.getByLabelText('Narration')
    expect(input.getAttribute('aria-invalid')).toBeNull()
    expect(input.getAttribute('aria-describedby')).toBeNull()
  })

  it('uses the given id for the control', () => {
    render(
      <Field label="Email" id="invite-email">
        <Input type="email" />
      </Field>,
    )
    expect(screen.getByLabelText('Email').id).toBe('invite-email')
  })
})

describe('PhoneInput', () => {
  it('shows +234, keeps digits only and stops at 11', async () => {
    const user = userEvent.setup()
    render(<Controlled kind="phone" />)
    expect(screen.getByText('+234')).toBeTruthy()
    const input = screen.getByLabelText('Phone number') as HTMLInputElement
    expect(input.inputMode).toBe('numeric')
    await user.type(input, '080a3-1234 56789')
    expect(input.value).toBe('08031234567')
  })

  it('drops the country code from a pasted international number', async () => {
    const user = userEvent.setup()
    render(<Controlled kind="phone" />)
    const input = screen.getByLabelText('Phone number') as HTMLInputElement
    await user.click(input)
    await user.paste('+234 803 123 4567')
    expect(input.value).toBe('8031234567')
  })
})

describe('AmountInput', () => {
  it('shows ₦ and accepts a number with at most two decimals', async () => {
    const user = userEvent.setup()
    render(<Controlled kind="amount" />)
    expect(screen.getByText('₦')).toBeTruthy()
    const input = screen.getByLabelText('Amount') as HTMLInputElement
    expect(input.inputMode).toBe('decimal')
    await user.type(input, '1a5-00.5.07')
    expect(input.value).toBe('1500.50')
  })

  it('strips grouping commas and completes a leading dot', async () => {
    const user = userEvent.setup()
    render(<Controlled kind="amount" />)
    const input = screen.getByLabelText('Amount') as HTMLInputElement
    await user.click(input)
    await user.paste('12,500')
    expect(input.value).toBe('12500')
    await user.clear(input)
    await user.type(input, '.5')
    expect(input.value).toBe('0.5')
  })
})
