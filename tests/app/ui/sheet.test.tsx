import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'

import { Button } from '#app/ui/button'
import { Sheet } from '#app/ui/sheet'

function Harness({ onOpenChange }: { onOpenChange?: (open: boolean) => void }) {
  const [open, setOpen] = useState(true)
  return (
    <Sheet
      open={open}
      onOpenChange={(next) => {
        onOpenChange?.(next)
        setOpen(next)
      }}
      title="Transaction Summary"
      description="Credit of ₦1,500.00"
      footer={<Button>Mark as POS Transaction</Button>}
    >
      <p>Session ID 000123</p>
    </Sheet>
  )
}

describe('Sheet', () => {
  it('is a labelled, described dialog with its body and footer', async () => {
    render(<Harness />)
    const dialog = await screen.findByRole('dialog', { name: 'Transaction Summary' })
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy()
    expect(screen.getByText('Session ID 000123')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Mark as POS Transaction' })).toBeTruthy()
  })

  it('closes on Escape', async () => {
    const user = userEvent.setup()
    const onOpenChange = vi.fn()
    render(<Harness onOpenChange={onOpenChange} />)
    await screen.findByRole('dialog', { name: 'Transaction Summary' })
    await user.keyboard('{Escape}')
    expect(onOpenChange).toHaveBeenCalledWith(false)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('closes with its Close button', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    await screen.findByRole('dialog')
    await user.click(screen.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })
})
