import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { Switch } from '#app/ui/switch'

const noop = () => undefined

describe('Switch', () => {
  it('is named by its label alone; the description describes it', () => {
    render(
      <Switch
        label="Allow transfers to other accounts"
        description="When off, money can only be sent to your settlement account."
        checked={false}
        onChange={noop}
      />,
    )
    const toggle = screen.getByRole('switch')
    expect(screen.getByRole('switch', { name: 'Allow transfers to other accounts' })).toBe(toggle)
    expect(screen.getByRole('switch', { description: 'When off, money can only be sent to your settlement account.' })).toBe(toggle)
  })

  it('in a list, takes its item into the name and nothing before it (no ": Lekki")', () => {
    render(
      <ul>
        <li>
          <Switch label="Active" name="Active: Lekki" checked onChange={noop} compact />
        </li>
        <li>
          <Switch label="Active" name="Active: Ikeja" checked={false} onChange={noop} compact />
        </li>
      </ul>,
    )
    const names = screen.getAllByRole('switch').map((s) => s.getAttribute('aria-label'))
    expect(names).toEqual(['Active: Lekki', 'Active: Ikeja'])
    expect(screen.getByRole('switch', { name: 'Active: Lekki' })).toBeTruthy()
    // What the row shows is the label; the item's name is not drawn a second time.
    expect(screen.getAllByText('Active')).toHaveLength(2)
  })
})
