import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'

import { ConfirmDialog, InfoDialog } from '#app/ui/dialog'

function Confirm({ onProceed, loading = false }: { onProceed: () => void; loading?: boolean }) {
  const [open, setOpen] = useState(true)
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title="Mark as POS?"
      description="This cannot be undone."
      onProceed={onProceed}
      loading={loading}
    />
  )
}

describe('ConfirmDialog', () => {
  it('is an alertdialog with Cancel and Proceed; Proceed calls onProceed', async () => {
    const user = userEvent.setup()
    const onProceed = vi.fn()
    render(<Confirm onProceed={onProceed} />)
    const dialog = await screen.findByRole('alertdialog', { name: 'Mark as POS?' })
    expect(dialog.textContent).toContain('This cannot be undone.')
    await user.click(screen.getByRole('button', { name: 'Proceed' }))
    expect(onProceed).toHaveBeenCalledTimes(1)
  })

  it('Cancel closes without proceeding', async () => {
    const user = userEvent.setup()
    const onProceed = vi.fn()
    render(<Confirm onProceed={onProceed} />)
    await user.click(await screen.findByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(onProceed).not.toHaveBeenCalled()
  })

  it('cannot be dismissed while loading', async () => {
    const user = userEvent.setup()
    render(<Confirm onProceed={() => {}} loading />)
    await screen.findByRole('alertdialog')
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByRole('button', { name: 'Proceed' }).getAttribute('aria-busy')).toBe('true')
    await user.keyboard('{Escape}')
    expect(screen.getByRole('alertdialog')).toBeTruthy()
  })
})

/** A dialog closed until a button opens it: decision 122 draws no root until then, so it mounts already open. */
function Opener() {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Log out
      </button>
      <ConfirmDialog open={open} onOpenChange={setOpen} title="2 changes have not been sent" onProceed={() => {}} />
    </>
  )
}

describe('a dialog first opened after the screen drew', () => {
  it('opens with focus inside, gives focus back on Escape, and opens again', async () => {
    const user = userEvent.setup()
    render(<Opener />)
    expect(screen.queryByRole('alertdialog')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Log out' }))
    const dialog = await screen.findByRole('alertdialog', { name: '2 changes have not been sent' })
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true))
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Log out' })))
    await user.click(screen.getByRole('button', { name: 'Log out' }))
    expect(await screen.findByRole('alertdialog', { name: '2 changes have not been sent' })).toBeTruthy()
  })
})

describe('InfoDialog', () => {
  it('shows the outcome with a check mark and closes on Okay after onAction', async () => {
    const user = userEvent.setup()
    const onAction = vi.fn()
    const onOpenChange = vi.fn()
    render(
      <InfoDialog
        open
        onOpenChange={onOpenChange}
        tone="success"
        title="Transfer Successful"
        description="Your transaction has been processed succesfully."
        onAction={onAction}
      />,
    )
    const dialog = await screen.findByRole('dialog', { name: 'Transfer Successful' })
    expect(dialog.querySelector('svg path')!.getAttribute('d')).toBe('M20 6 9 17l-5-5')
    await user.click(screen.getByRole('button', { name: 'Okay' }))
    expect(onAction).toHaveBeenCalledTimes(1)
    expect(onOpenChange).toHaveBeenCalledWith(false)
  })
})
