import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Suspense } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { CopyButton } from '#app/ui/copy-button'
import { Toaster } from '#app/ui/toast'
import { toaster } from '#app/ui/toaster-store'

afterEach(() => {
  act(() => toaster.remove())
})

describe('CopyButton', () => {
  it('writes the value to the clipboard and announces the toast message', async () => {
    const user = userEvent.setup()
    render(
      <>
        <CopyButton value="000123456789" toastMessage="Session ID copied" label="Copy session ID" />
        <Suspense>
          <Toaster />
        </Suspense>
      </>,
    )
    await user.click(screen.getByRole('button', { name: 'Copy session ID' }))
    expect(await navigator.clipboard.readText()).toBe('000123456789')
    const toast = await screen.findByRole('status', { name: 'Session ID copied' })
    expect(toast.textContent).toContain('Session ID copied')
  })

  it('tells the user when the clipboard refuses', async () => {
    const user = userEvent.setup()
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('denied'))
    render(
      <>
        <CopyButton value="x" toastMessage="Account number copied" label="Copy account number" />
        <Suspense>
          <Toaster />
        </Suspense>
      </>,
    )
    await user.click(screen.getByRole('button', { name: 'Copy account number' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Could not copy')
    expect(screen.queryByText('Account number copied')).toBeNull()
  })
})
