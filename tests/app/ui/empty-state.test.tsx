import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'

import { EmptyState } from '#app/ui/empty-state'

describe('EmptyState', () => {
  it('says No record found by default, without a Refetch button when there is nothing to refetch', () => {
    render(<EmptyState />)
    expect(screen.getByText('No record found')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Refetch' })).toBeNull()
  })

  it('shows Refetch after a failed load and calls onRefetch when pressed', async () => {
    const user = userEvent.setup()
    const onRefetch = vi.fn()
    render(<EmptyState title="Could not load orders" errorStatus={500} onRefetch={onRefetch} />)
    await user.click(screen.getByRole('button', { name: 'Refetch' }))
    expect(onRefetch).toHaveBeenCalledTimes(1)
  })

  it('shows Refetch on an empty list too', () => {
    render(<EmptyState title="No customer found" description="Customers will be displayed here" onRefetch={() => {}} />)
    expect(screen.getByRole('button', { name: 'Refetch' })).toBeTruthy()
    expect(screen.getByText('Customers will be displayed here')).toBeTruthy()
  })

  it('hides Refetch on a 403, where asking again cannot help', () => {
    render(<EmptyState errorStatus={403} onRefetch={() => {}} />)
    expect(screen.queryByRole('button', { name: 'Refetch' })).toBeNull()
  })

  it('marks Refetch busy while refetching', () => {
    render(<EmptyState errorStatus={500} onRefetch={() => {}} refetching />)
    const button = screen.getByRole('button', { name: 'Refetch' }) as HTMLButtonElement
    expect(button.disabled).toBe(true)
    expect(button.getAttribute('aria-busy')).toBe('true')
  })
})
