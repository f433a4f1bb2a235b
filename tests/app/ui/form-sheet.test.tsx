import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'

import { Input } from '#app/ui/field'
import { FormSheet } from '#app/ui/form-sheet'

function renderForm(props: { pending?: boolean; disabled?: boolean }) {
  const onSubmit = vi.fn()
  render(
    <FormSheet
      title="Add Tax"
      submitLabel="Save"
      pending={props.pending ?? false}
      disabled={props.disabled}
      onSubmit={onSubmit}
      onClose={() => {}}
    >
      <Input aria-label="Name" />
    </FormSheet>,
  )
  return onSubmit
}

describe('FormSheet', () => {
  it('submits with the button and with Enter in a field', async () => {
    const user = userEvent.setup()
    const onSubmit = renderForm({})
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'VAT{Enter}')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSubmit).toHaveBeenCalledTimes(2)
  })

  it('sends nothing more while a save is in flight, not even on Enter (no double submit)', async () => {
    const user = userEvent.setup()
    const onSubmit = renderForm({ pending: true })
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'VAT{Enter}')
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true)
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('sends nothing while disabled (offline)', async () => {
    const user = userEvent.setup()
    const onSubmit = renderForm({ disabled: true })
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'VAT{Enter}')
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true)
    expect(onSubmit).not.toHaveBeenCalled()
  })
})
