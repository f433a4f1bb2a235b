import { act, render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { afterEach, describe, expect, it } from 'vitest'

import { notify } from '#app/lib/notify'
import { Toaster } from '#app/ui/toast'
import { toaster } from '#app/ui/toaster-store'

afterEach(() => {
  act(() => toaster.remove())
})

describe('Toaster', () => {
  // First in the file: the store loads once per module, with the first toast.
  it('loads and draws nothing until the first toast, then shows it', async () => {
    render(
      <Suspense>
        <Toaster />
      </Suspense>,
    )
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(document.querySelector('[data-scope="toast"]')).toBeNull()
    act(() => {
      notify.success('Copied')
    })
    const status = await screen.findByRole('status')
    expect(status.textContent).toContain('Copied')
  })

  it('shows a toast made before its view had loaded (the view loads after the first screen)', async () => {
    act(() => {
      notify.error('The bank could not be reached')
    })
    render(
      <Suspense>
        <Toaster />
      </Suspense>,
    )
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('The bank could not be reached')
  })
})
