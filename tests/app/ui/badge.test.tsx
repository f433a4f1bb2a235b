import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { StatusBadge, statusTone } from '#app/ui/badge'
import { Money } from '#app/ui/money'

describe('StatusBadge', () => {
  it('shows the status lower-cased', () => {
    render(<StatusBadge status="REFUND_PENDING" />)
    expect(screen.getByText('refund-pending')).toBeTruthy()
  })

  it.each([
    ['SUCCESS', 'success'],
    ['paid', 'success'],
    ['fulfilled', 'success'],
    ['ACTIVE', 'success'],
    ['pending', 'warning'],
    ['partially-paid', 'warning'],
    ['refund-pending', 'warning'],
    ['failed', 'danger'],
    ['refund-failed', 'danger'],
    ['abandoned', 'danger'],
    ['INACTIVE', 'danger'],
    ['refunded', 'info'],
    ['overpayment', 'info'],
    ['open', 'warning'],
    ['escalated', 'danger'],
    ['resolved', 'success'],
    ['something-new', 'neutral'],
  ])('colours %s as %s', (status, tone) => {
    expect(statusTone(status)).toBe(tone)
  })
})

describe('Money', () => {
  it('formats kobo in naira, or in the given currency', () => {
    render(
      <>
        <Money kobo={123456750} />
        <Money kobo={2500} currency="USD" />
      </>,
    )
    expect(screen.getByText('₦1,234,567.50')).toBeTruthy()
    expect(screen.getByText('US$25.00')).toBeTruthy()
  })
})
