import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'

import { Button, IconButton } from '#app/ui/button'

describe('Button', () => {
  it('is a type=button that reacts to clicks', async () => {
    const user = userEvent.setup()
    const onClick = vi.fn()
    render(<Button onClick={onClick}>Save</Button>)
    const button = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement
    expect(button.type).toBe('button')
    expect(button.getAttribute('aria-busy')).toBeNull()
    await user.click(button)
    expect(onClick).toHaveBeenCalledTimes(1)
  })

  it('while loading is disabled, aria-busy and keeps its label for its name and width', async () => {
    const user = userEvent.setup()
    const onClick = vi.fn()
    render(
      <Button loading onClick={onClick}>
        Send money
      </Button>,
    )
    const button = screen.getByRole('button', { name: 'Send money' }) as HTMLButtonElement
    expect(button.disabled).toBe(true)
    expect(button.getAttribute('aria-busy')).toBe('true')
    expect(button.querySelector('svg')).not.toBeNull()
    await user.click(button)
    expect(onClick).not.toHaveBeenCalled()
  })

  it('passes a ref and native attributes through', () => {
    let node: HTMLButtonElement | null = null
    render(
      <Button ref={(el) => void (node = el)} type="submit" form="f" variant="danger" fullWidth>
        Delete
      </Button>,
    )
    expect(node).toBe(screen.getByRole('button', { name: 'Delete' }))
    expect(node!.getAttribute('form')).toBe('f')
    expect(node!.type).toBe('submit')
  })
})

describe('IconButton', () => {
  it('is named by its label and hides its icon', () => {
    render(<IconButton label="Open menu" icon="menu" />)
    const button = screen.getByRole('button', { name: 'Open menu' })
    expect(button.querySelector('svg')!.getAttribute('aria-hidden')).toBe('true')
  })
})
