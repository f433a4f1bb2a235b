import { and, count, desc, eq, gt, gte, isNull, lt, lte, sql } from 'drizzle-orm'

import { fromBasisPoints, toBasisPoints } from '#contract/common'
import type { Coupon, COUPON_STATES, COUPON_VALUE_TYPES } from '#contract/selling-terms'

import { lagosDate, shownDate } from '../analytics'
import type { Db } from '../db/client'
import { isUniqueViolation } from '../db/errors'
import { type CouponRow, coupons } from '../db/schema'
import { ApiError, notFound } from '../errors'
import { validationError } from '../http/register'

type CouponState = (typeof COUPON_STATES)[number]

/*
 * Derived, never stored: a stored flag would need a job to flip it at every Lagos midnight and would be wrong
 * between the midnight and the job. An ended coupon reads "expired" even if it was also used up.
 */
export function couponState(
  row: Pick<CouponRow, 'startDate' | 'endDate' | 'currentUsage' | 'maxUsage' | 'deactivatedAt'>,
  today: string,
): CouponState {
  if (row.deactivatedAt) return 'deactivated'
  if (today > row.endDate) return 'expired'
  if (row.currentUsage >= row.maxUsage) return 'used_up'
  if (today < row.startDate) return 'scheduled'
  return 'active'
}

/** The contract's view of a row as of `today` (a Lagos date). */
export function toCoupon(row: CouponRow, today: string): Coupon {
  const state = couponState(row, today)
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    couponCode: row.code,
    valueType: row.valueType,
    value: row.valueType === 'PERCENTAGE' ? fromBasisPoints(row.value) : row.value,
    maxUsage: row.maxUsage,
    currentUsage: row.currentUsage,
    startDate: row.startDate,
    endDate: row.endDate,
    isActive: state === 'active',
    state,
    createdAt: row.createdAt.toISOString(),
  }
}

export async function listCoupons(db: Db, vendorId: string, query: { page: number; size: number }, now: Date) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(coupons)
      .where(eq(coupons.vendorId, vendorId))
      // id breaks ties between rows of the same instant, so pages never repeat or skip a row.
      .orderBy(desc(coupons.createdAt), desc(coupons.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ total: count() }).from(coupons).where(eq(coupons.vendorId, vendorId)),
  ])
  const today = lagosDate(now)
  return {
    items: rows.map((row) => toCoupon(row, today)),
    page: query.page,
    size: query.size,
    total: total?.total ?? 0,
  }
}

/** One coupon of this vendor; another vendor's id is "not found", never 403. */
export async function findCoupon(db: Db, vendorId: string, id: string): Promise<CouponRow> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.vendorId, vendorId), eq(coupons.id, id)))
  if (!row) throw notFound('Coupon')
  return row
}

export interface NewCoupon {
  name: string
  description: string
  couponCode: string
  valueType: (typeof COUPON_VALUE_TYPES)[number]
  /** A percentage (12.5) for PERCENTAGE, kobo for FLAT, as the contract validated it. */
  value: number
  maxUsage: number
  startDate: string
  endDate: string
}

const codeTaken = (code: string) =>
  new ApiError(409, 'COUPON_CODE_TAKEN', `You already have a coupon with the code ${code}`, {
    issues: [{ path: 'couponCode', message: 'is already used by another coupon' }],
  })

export async function createCoupon(db: Db, vendorId: string, input: NewCoupon, now: Date): Promise<CouponRow> {
  // The contract checks the dates against each other; only the server knows what "today" is.
  if (input.startDate < lagosDate(now)) {
    throw validationError([{ path: 'startDate', message: 'must not be before today' }])
  }
  try {
    const [row] = await db
      .insert(coupons)
      .values({
        vendorId,
        name: input.name,
        description: input.description,
        code: input.couponCode,
        valueType: input.valueType,
        value: input.valueType === 'PERCENTAGE' ? toBasisPoints(input.value) : input.value,
        maxUsage: input.maxUsage,
        startDate: input.startDate,
        endDate: input.endDate,
        createdAt: now,
      })
      .returning()
    return row!
  } catch (error) {
    // The unique index on lower(code) decides, so two simultaneous creates of one code cannot both succeed.
    if (isUniqueViolation(error)) throw codeTaken(input.couponCode)
    throw error
  }
}

/**
 * Takes one use of the coupon with this code (any case) for an order. One conditional UPDATE, so concurrent
 * orders can never take more than maxUsage uses, and a coupon is only used on a day it is active. Call it inside
 * the order's database transaction so a failed order gives the use back. Answers the row as updated: its value is
 * basis points for PERCENTAGE and kobo for FLAT, ready for `discountKobo` in src/contract/pricing.ts.
 * Unknown code: 422 naming couponCode. Known but not usable today: 409 COUPON_NOT_USABLE saying why.
 */
export async function redeemCoupon(db: Db, vendorId: string, code: string, now: Date): Promise<CouponRow> {
  const today = lagosDate(now)
  const byCode = and(eq(coupons.vendorId, vendorId), eq(sql`lower(${coupons.code})`, code.trim().toLowerCase()))
  const [redeemed] = await db
    .update(coupons)
    .set({ currentUsage: sql`${coupons.currentUsage} + 1` })
    .where(
      and(
        byCode,
        isNull(coupons.deactivatedAt),
        lte(coupons.startDate, today),
        gte(coupons.endDate, today),
        lt(coupons.currentUsage, coupons.maxUsage),
      ),
    )
    .returning()
  if (redeemed) return redeemed
  const [row] = await db.select().from(coupons).where(byCode)
  if (!row) throw validationError([{ path: 'couponCode', message: 'is not a valid coupon code' }])
  const why = {
    expired: `This coupon expired on ${shownDate(row.endDate)}`,
    used_up: 'This coupon has been used the maximum number of times',
    scheduled: `This coupon can be used from ${shownDate(row.startDate)}`,
    deactivated: 'This coupon has been turned off',
    // Only reachable if the coupon changed between the two statements; the caller may simply retry.
    active: 'This coupon could not be applied, please try again',
  }[couponState(row, today)]
  throw new ApiError(409, 'COUPON_NOT_USABLE', why)
}

/**
 * Gives back the use an order took, when the order is marked abandoned or failed (decision 188): an order nobody
 * will pay no longer holds one of the coupon's uses, whoever made it (the order form, a pay link, a cart).
 */
export async function releaseCouponUse(db: Db, vendorId: string, couponId: string): Promise<void> {
  await db
    .update(coupons)
    .set({ currentUsage: sql`${coupons.currentUsage} - 1` })
    .where(and(eq(coupons.vendorId, vendorId), eq(coupons.id, couponId), gt(coupons.currentUsage, 0)))
}

/**
 * Takes the use back when an abandoned or failed order is reopened: it keeps the discount it was priced with, so it
 * holds a use again. Only the count is checked, not the dates or the switch: the order was made while the coupon
 * applied. Answers false when every use is taken meanwhile (the reopening is refused, never the count exceeded).
 */
export async function retakeCouponUse(db: Db, vendorId: string, couponId: string): Promise<boolean> {
  const taken = await db
    .update(coupons)
    .set({ currentUsage: sql`${coupons.currentUsage} + 1` })
    .where(and(eq(coupons.vendorId, vendorId), eq(coupons.id, couponId), lt(coupons.currentUsage, coupons.maxUsage)))
    .returning({ id: coupons.id })
  return taken.length > 0
}

export interface CouponChanges {
  name?: string
  description?: string
  maxUsage?: number
  endDate?: string
  /** false deactivates (keeps the first deactivation time), true turns it back on. */
  enabled?: boolean
}

/**
 * Changes only the fields given; another vendor's id is "not found". The code, value and start date stay: orders
 * and shared links already quote them. A lower maxUsage is checked again in the UPDATE itself, so a use taken
 * meanwhile makes it a 422, never a row breaking the usage check.
 */
export async function updateCoupon(db: Db, vendorId: string, id: string, changes: CouponChanges, now: Date): Promise<CouponRow> {
  const row = await findCoupon(db, vendorId, id)
  const issues: { path: string; message: string }[] = []
  if (changes.maxUsage !== undefined && changes.maxUsage < row.currentUsage) {
    issues.push({ path: 'maxUsage', message: `must be at least ${row.currentUsage}, the times it has been used` })
  }
  if (changes.endDate !== undefined && changes.endDate < row.startDate) {
    issues.push({ path: 'endDate', message: 'must not be before the start date' })
  }
  if (issues.length > 0) throw validationError(issues)
  const deactivatedAt = changes.enabled === undefined ? row.deactivatedAt : changes.enabled ? null : (row.deactivatedAt ?? now)
  const [updated] = await db
    .update(coupons)
    .set({
      name: changes.name,
      description: changes.description,
      maxUsage: changes.maxUsage,
      endDate: changes.endDate,
      deactivatedAt,
    })
    .where(
      and(
        eq(coupons.vendorId, vendorId),
        eq(coupons.id, id),
        changes.maxUsage === undefined ? undefined : lte(coupons.currentUsage, changes.maxUsage),
      ),
    )
    .returning()
  if (!updated) throw validationError([{ path: 'maxUsage', message: 'must be at least the times it has been used' }])
  return updated
}
