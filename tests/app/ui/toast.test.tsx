import { act, render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { notify, Toaster, toaster } from '../../../src/app/ui/toast'

afterEach(() => {
  act(() => toaster.remove())
})

describe('Toaster', () => {
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
