import { useForm } from '@tanstack/react-form'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'

import { TextField } from '#app/ui/text-field'

const Schema = v.object({ shop: v.pipe(v.string(), v.nonEmpty('Enter the shop name.')) })

function ShopForm({ onSave }: { onSave: (shop: string) => void }) {
  const form = useForm({ defaultValues: { shop: '' }, validators: { onChange: Schema }, onSubmit: ({ value }) => onSave(value.shop) })
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        void form.handleSubmit()
      }}
    >
      <form.Subscribe selector={(s) => s.submissionAttempts > 0}>
        {(submitted) => (
          <form.Field name="shop">
            {(field) => (
              <TextField field={field} submitted={submitted} label="Shop name" helper="As customers see it." autoComplete="organization" />
            )}
          </form.Field>
        )}
      </form.Subscribe>
      <button type="submit">Save</button>
    </form>
  )
}

describe('TextField', () => {
  it('binds the input to the form field and passes input props through', async () => {
    const user = userEvent.setup()
    const saved: string[] = []
    render(<ShopForm onSave={(shop) => saved.push(shop)} />)
    const input = screen.getByLabelText('Shop name') as HTMLInputElement
    expect(input.name).toBe('shop')
    expect(input.autocomplete).toBe('organization')
    expect(input.getAttribute('aria-describedby')).toContain(screen.getByText('As customers see it.').id)
    await user.type(input, 'Mama Put')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(saved).toEqual(['Mama Put'])
  })

  it('shows no error while the field is untouched, and the error once it is left empty', async () => {
    const user = userEvent.setup()
    render(<ShopForm onSave={() => {}} />)
    const input = screen.getByLabelText('Shop name')
    await user.type(input, 'a')
    await user.clear(input)
    expect(screen.queryByText('Enter the shop name.')).toBeNull()
    await user.tab()
    expect(screen.getByText('Enter the shop name.')).toBeTruthy()
    expect(input.getAttribute('aria-invalid')).toBe('true')
  })

  it('shows the error of an untouched field after a submit', async () => {
    const user = userEvent.setup()
    const saved: string[] = []
    render(<ShopForm onSave={(shop) => saved.push(shop)} />)
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(screen.getByText('Enter the shop name.')).toBeTruthy()
    expect(saved).toEqual([])
  })
})
