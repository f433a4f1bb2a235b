import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'

import { AmountInput, Field, Input, PhoneInput } from '#app/ui/field'

/** A form holding what the phone field hands back, shown so the test can read the kept value. */
function PhoneForm({ saved = '' }: { saved?: string }) {
  const [value, setValue] = useState(saved)
  return (
    <>
      <Field label="Phone number">
        <PhoneInput value={value} onChange={setValue} />
      </Field>
      <output aria-label="Kept">{value}</output>
    </>
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
  it('shows +234 and the number without its trunk 0, keeps digits only and stops at 11 with the 0', async () => {
    const user = userEvent.setup()
    render(<PhoneForm />)
    expect(screen.getByText('+234')).toBeTruthy()
    const input = screen.getByLabelText('Phone number') as HTMLInputElement
    expect(input.inputMode).toBe('numeric')
    await user.type(input, '080a3-1234 56789')
    // '+234 803…', never '+234 0803…' (issue 35); the contract's form is kept: 08031234567.
    expect(input.value).toBe('8031234567')
    expect(screen.getByLabelText('Kept').textContent).toBe('08031234567')
  })

  it('keeps a number typed without the 0 in the same form', async () => {
    const user = userEvent.setup()
    render(<PhoneForm />)
    const input = screen.getByLabelText('Phone number') as HTMLInputElement
    await user.type(input, '8031234567')
    expect(input.value).toBe('8031234567')
    expect(screen.getByLabelText('Kept').textContent).toBe('08031234567')
  })

  it('shows a saved 0803… number without its 0', () => {
    render(<PhoneForm saved="08031234567" />)
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe('8031234567')
  })

  it('drops the country code from a pasted international number', async () => {
    const user = userEvent.setup()
    render(<PhoneForm />)
    const input = screen.getByLabelText('Phone number') as HTMLInputElement
    await user.click(input)
    await user.paste('+234 0803 123 4567')
    expect(input.value).toBe('8031234567')
    expect(screen.getByLabelText('Kept').textContent).toBe('08031234567')
  })

  it('drops a country code typed key by key in front of the number', async () => {
    const user = userEvent.setup()
    render(<PhoneForm />)
    const input = screen.getByLabelText('Phone number') as HTMLInputElement
    await user.type(input, '+234 803 123 4567')
    expect(input.value).toBe('8031234567')
    expect(screen.getByLabelText('Kept').textContent).toBe('08031234567')
  })
})

/** A form holding what the amount field hands back, shown so the test can read the kept value. */
function AmountForm() {
  const [value, setValue] = useState('')
  return (
    <>
      <Field label="Amount">
        <AmountInput value={value} onChange={setValue} />
      </Field>
      <output aria-label="Kept">{value}</output>
    </>
  )
}

const kept = () => screen.getByRole('status', { name: 'Kept' }).textContent

describe('AmountInput', () => {
  it('shows ₦ and accepts a number with at most two decimals', async () => {
    const user = userEvent.setup()
    render(<AmountForm />)
    expect(screen.getByText('₦')).toBeTruthy()
    const input = screen.getByLabelText('Amount') as HTMLInputElement
    expect(input.inputMode).toBe('decimal')
    await user.type(input, '1a5-00.5.07')
    expect(input.value).toBe('1,500.50')
    expect(kept()).toBe('1500.50')
  })

  it('groups thousands as they are typed, keeping the amount without commas', async () => {
    const user = userEvent.setup()
    render(<AmountForm />)
    const input = screen.getByLabelText('Amount') as HTMLInputElement
    await user.type(input, '1234567.89')
    expect(input.value).toBe('1,234,567.89')
    expect(kept()).toBe('1234567.89')
  })

  it('keeps the caret beside the digit it was at when commas move', async () => {
    const user = userEvent.setup()
    render(<AmountForm />)
    const input = screen.getByLabelText('Amount') as HTMLInputElement
    await user.type(input, '123456')
    expect(input.value).toBe('123,456')
    // A 9 typed between 1 and 2: the comma moves, the caret stays after the 9.
    await user.type(input, '9', { initialSelectionStart: 1, initialSelectionEnd: 1 })
    expect(input.value).toBe('1,923,456')
    expect(input.selectionStart).toBe(3)
    // Backspace just after a comma takes the digit before it.
    await user.type(input, '{Backspace}', { initialSelectionStart: 6, initialSelectionEnd: 6 })
    expect(kept()).toBe('192456')
    expect(input.value).toBe('192,456')
    // After the 2, where the 3 was: '192|,456'.
    expect(input.selectionStart).toBe(3)
  })

  it('strips pasted grouping commas and completes a leading dot', async () => {
    const user = userEvent.setup()
    render(<AmountForm />)
    const input = screen.getByLabelText('Amount') as HTMLInputElement
    await user.click(input)
    await user.paste('12,500')
    expect(kept()).toBe('12500')
    expect(input.value).toBe('12,500')
    await user.clear(input)
    await user.type(input, '.5')
    expect(input.value).toBe('0.5')
  })
})
