import * as v from 'valibot'

/**
 * Largest page a list returns. SPEC asks for huge sizes (1e6, 1e13) meaning "all"; a size above this is refused
 * with 422 naming `size` rather than silently cut (issue 40, decision 170): the app asks for MAX_PAGE_SIZE.
 */
export const MAX_PAGE_SIZE = 1000

/** A query-string integer: accepts "12" or 12, rejects "1.5", "abc" and out-of-range values. */
/* @__NO_SIDE_EFFECTS__ */
export function queryInt(min: number, max = Number.MAX_SAFE_INTEGER) {
  return v.pipe(
    v.union([v.string(), v.number()], 'must be a whole number'),
    v.transform((x) => (typeof x === 'string' && x.trim() !== '' ? Number(x) : x)),
    v.number('must be a whole number'),
    v.integer('must be a whole number'),
    v.minValue(min, `must be at least ${min}`),
    v.maxValue(max, `must be at most ${max}`),
  )
}

export const queryBool = v.pipe(
  v.union([v.boolean(), v.picklist(['true', 'false'])], 'must be true or false'),
  v.transform((x) => x === true || x === 'true'),
)

export const pageQuery = {
  page: v.optional(queryInt(1), 1),
  size: v.optional(queryInt(1, MAX_PAGE_SIZE), 20),
}

/** A list answer: 1-based page. */
/* @__NO_SIDE_EFFECTS__ */
export function page<S extends v.GenericSchema>(item: S) {
  return v.object({
    items: v.array(item),
    page: v.number(),
    size: v.number(),
    total: v.number(),
  })
}

/**
 * Past this many matches a list stops counting (issue 38, decision 157): an exact count of a filter that matches most
 * of a big vendor's history reads every match, on every page. The answer then says so (`totalCapped: true`, `total`
 * is the cap) and the app shows '10,000+': never a wrong number. A transactions search by words with many matches
 * is not counted at all (decision 165): `totalCapped` with the rows known so far as `total`.
 */
export const COUNT_CAP = 10_000

/** A list answer whose total may be capped (`totalCapped`: `total` is a lower bound, not the exact count). */
/* @__NO_SIDE_EFFECTS__ */
export function cappedPage<S extends v.GenericSchema>(item: S) {
  return v.object({ ...page(item).entries, totalCapped: v.boolean() })
}

/**
 * A capped list that can also be read by cursor (keyset paging): `nextCursor` is the opaque position after this
 * page's last row, null at the end. Asked with `cursor`, a deep page costs what the first does; `page` still works
 * as SPEC calls it.
 */
/* @__NO_SIDE_EFFECTS__ */
export function keysetPage<S extends v.GenericSchema>(item: S) {
  return v.object({ ...cappedPage(item).entries, nextCursor: v.nullable(v.string()) })
}

/** The `cursor` query parameter of a keyset list: a previous answer's `nextCursor`, as it came. */
export const cursorQuery = { cursor: v.optional(v.pipe(v.string(), v.maxLength(200, 'must be a cursor from a previous page'))) }

/** Money on the wire: a non-negative whole number of kobo. */
export const kobo = v.pipe(
  v.number('must be a number of kobo'),
  v.safeInteger('must be a whole number of kobo'),
  v.minValue(0, 'must not be negative'),
)

/** A figure of money that can fall below zero (a net figure): a whole number of kobo, of either sign. */
export const signedKobo = v.pipe(v.number('must be a number of kobo'), v.safeInteger('must be a whole number of kobo'))

/** A positive amount of kobo to move. */
export const amountKobo = v.pipe(kobo, v.minValue(1, 'must be more than zero'))

export const isoDate = v.pipe(v.string(), v.isoTimestamp())

/** The largest request body of an ordinary (JSON) call. */
export const MAX_BODY_BYTES = 1024 * 1024

/** The Lagos calendar day of an instant, yyyy-MM-dd. Lagos is UTC+1 all year (no daylight saving). */
export function lagosDay(at: Date = new Date()): string {
  return new Date(at.getTime() + 60 * 60 * 1000).toISOString().slice(0, 10)
}

/** A calendar day, yyyy-MM-dd, read in Africa/Lagos (coupons start and end on days, not instants). */
export const localDate = v.pipe(
  v.string('is required'),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-11-22'),
  v.check((s) => {
    const d = new Date(`${s}T00:00:00Z`)
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s)
  }, 'must be a real calendar date'),
)

/**
 * A percentage on the wire: 0–100 with at most 2 decimals (7.5 means 7.5 %). Stored as integer basis points
 * (toBasisPoints) so no money arithmetic ever touches a float.
 */
/* @__NO_SIDE_EFFECTS__ */
export function percent(min: number, minMessage: string) {
  return v.pipe(
    v.number('must be a number'),
    v.finite('must be a number'),
    v.minValue(min, minMessage),
    v.maxValue(100, 'must be at most 100'),
    v.check((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-9, 'must have at most 2 decimal places'),
  )
}

/** 7.5 → 750. Only for values that passed `percent` (at most 2 decimals), so the rounding is exact. */
export const toBasisPoints = (percentage: number): number => Math.round(percentage * 100)
/** 750 → 7.5 */
export const fromBasisPoints = (bps: number): number => bps / 100

/** A required, trimmed text field of bounded length. */
/* @__NO_SIDE_EFFECTS__ */
export function text(max: number) {
  return v.pipe(v.string('is required'), v.trim(), v.nonEmpty('is required'), v.maxLength(max, `must be at most ${max} characters`))
}

/** An optional free text: blank becomes null. */
/* @__NO_SIDE_EFFECTS__ */
export function optionalText(max: number) {
  return v.optional(
    v.pipe(
      v.nullable(v.string('must be text')),
      v.transform((s) => (s == null ? null : s.trim() || null)),
      v.check((s) => s == null || s.length <= max, `must be at most ${max} characters`),
    ),
  )
}

/** The longest email address SMTP carries (RFC 5321). */
export const MAX_EMAIL_LENGTH = 254

export const email = v.pipe(
  v.string('is required'),
  v.trim(),
  v.nonEmpty('is required'),
  v.maxLength(MAX_EMAIL_LENGTH, 'is too long'),
  v.email('must be a valid email address'),
  v.toLowerCase(),
)

/** New passwords: long enough to resist guessing, short enough that scrypt input stays bounded. */
export const newPassword = v.pipe(
  v.string('is required'),
  v.minLength(8, 'must be at least 8 characters'),
  v.maxLength(128, 'must be at most 128 characters'),
)

/** A Nigerian phone number as typed (SPEC §5): digits only, at most 11 (08031234567). */
export const MAX_PHONE_DIGITS = 11
export const phone = v.pipe(
  v.string('must be text'),
  v.trim(),
  v.regex(new RegExp(`^\\d{1,${MAX_PHONE_DIGITS}}$`), `must be digits only, at most ${MAX_PHONE_DIGITS}`),
)

export const otpCode = v.pipe(v.string('is required'), v.regex(/^\d{6}$/, 'must be 6 digits'))

/** Ids and order references. */
export const MAX_ID_LENGTH = 64
export const id = v.pipe(v.string('is required'), v.trim(), v.nonEmpty('is required'), v.maxLength(MAX_ID_LENGTH, 'is too long'))

export const Empty = v.null()

/** Wire envelopes. */
export const ErrorBody = v.object({
  message: v.string(),
  code: v.string(),
  issues: v.optional(v.array(v.object({ path: v.string(), message: v.string() }))),
})
export type ErrorBody = v.InferOutput<typeof ErrorBody>
