import { toBasisPoints } from '#contract/common'

import { lagosDate } from '../analytics'
import { DAY_MS } from '../clock'
import type { Db } from '../db/client'
import { coupons, deliveryLocations, taxes } from '../db/schema'

/**
 * The demo vendor's selling terms: VAT, delivery locations around Lagos (one switched off) and one coupon in each
 * of the states a vendor meets first (active, scheduled, expired). Written straight to the tables because the API
 * rightly refuses a coupon that starts in the past. Call it once, when the demo vendor is created.
 */
export async function seedSellingTerms(db: Db, vendorId: string, now: Date): Promise<void> {
  const daysFromNow = (days: number) => new Date(now.getTime() + days * DAY_MS)
  const day = (days: number) => lagosDate(daysFromNow(days))
  await db.insert(taxes).values({ vendorId, name: 'VAT', percentageBps: toBasisPoints(7.5), createdAt: daysFromNow(-14) })
  await db.insert(deliveryLocations).values(
    [
      { name: 'Yaba', description: 'Yaba, Akoka and Sabo', fee: 1_500_00, isActive: true },
      { name: 'Lekki Phase 1', description: 'Lekki Phase 1 and Ikate', fee: 3_000_00, isActive: true },
      { name: 'Ikeja', description: 'Ikeja GRA, Allen and Opebi', fee: 2_000_00, isActive: false },
    ].map((location, i) => {
      const at = daysFromNow(-14 + i)
      return { vendorId, ...location, createdAt: at, updatedAt: at }
    }),
  )
  await db.insert(coupons).values([
    {
      vendorId,
      name: 'Harmattan Sale',
      description: '15% off every order during the harmattan sale',
      code: 'HARMATTAN15',
      valueType: 'PERCENTAGE',
      value: toBasisPoints(15),
      maxUsage: 200,
      currentUsage: 64,
      startDate: day(-40),
      endDate: day(-10),
      createdAt: daysFromNow(-41),
    },
    {
      vendorId,
      name: 'Welcome discount',
      description: '10% off for new customers',
      code: 'WELCOME10',
      valueType: 'PERCENTAGE',
      value: toBasisPoints(10),
      maxUsage: 100,
      currentUsage: 12,
      startDate: day(-7),
      endDate: day(30),
      createdAt: daysFromNow(-8),
    },
    {
      vendorId,
      name: 'Weekend treat',
      description: '₦500 off any order this coming weekend',
      code: 'WEEKEND500',
      valueType: 'FLAT',
      value: 500_00,
      maxUsage: 50,
      startDate: day(5),
      endDate: day(7),
      createdAt: daysFromNow(-1),
    },
  ])
}
