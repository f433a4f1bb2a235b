import { describe, expect, it } from 'vitest'

// A phone set east of Lagos (Johannesburg, UTC+2): its midnight is still yesterday in Lagos. Set before date-fns
// reads the zone.
process.env.TZ = 'Africa/Johannesburg'

const { formatDate } = await import('#app/lib/dates')

describe('dates on a device east of Lagos', () => {
  it('shows a day alone (a coupon’s start or end) as that day, not the one before', () => {
    expect(formatDate('2026-12-05')).toBe('05/12/2026')
    expect(formatDate('2027-01-01')).toBe('01/01/2027')
  })

  it('still shows an instant on its Lagos day', () => {
    expect(formatDate('2026-12-04T23:30:00.000Z')).toBe('05/12/2026')
  })
})
