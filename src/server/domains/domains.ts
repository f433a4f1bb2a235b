import { randomBytes, randomUUID } from 'node:crypto'

import { and, asc, count, eq, ne, sql } from 'drizzle-orm'

import {
  DOMAIN_INVALID_MESSAGE,
  type DomainCheck,
  MAX_DOMAINS_PER_SHOP,
  type MyDomains,
  normaliseDomain,
  type ShopDomain,
} from '#contract/domains'

import type { Db } from '../db/client'
import { isUniqueViolation } from '../db/errors'
import { type ShopDomainRow, shopDomains } from '../db/onboarding-schema'
import { vendors } from '../db/schema'
import type { AppDeps } from '../deps'
import { ApiError, notFound } from '../errors'
import { enforce, LIMITS } from '../rate-limit'
import { storefrontUrl } from '../website/website'
import { type DnsResolver, DnsUnreachable, verificationName, verificationValue } from './dns'

/*
 * Custom domains (decision 063). A domain is connected pending, becomes active once its TXT record holds the
 * token, and from then on opens the shop (hostRedirect). Rows are the vendor's own: every query filters on
 * vendorId, so another vendor's id is a 404 like an unknown one.
 */

/**
 * The names that are ours (PUBLIC_URL's host, and the host this request came to) and special-use names that never
 * reach the public internet. Without PUBLIC_URL the platform cannot know its public name; that is a development
 * set-up, where the sandbox DNS is the default (dnsFromEnv).
 */
export type PlatformHosts = readonly string[]

function isPlatform(domain: string, platform: PlatformHosts): boolean {
  const own = platform.some((host) => domain === host || domain.endsWith(`.${host}`))
  return own || /(^|\.)(localhost|local|internal|test|invalid|example|onion|arpa|alt)$/.test(domain)
}

const MESSAGES = {
  platform: 'This address belongs to the platform and cannot be connected',
  taken: 'This domain is already connected to another shop',
  yours: 'This domain is already connected to your shop',
} as const

const available = (domain: string) => `${domain} can be connected to your shop`

/** GET /domain: whether the domain can be connected, and if not why (one query). */
/**
 * GET /domain: whether the domain can be connected, and if not why (one query). Another shop's *pending* claim does
 * not make a domain taken: connecting proves nothing, and it must not lock the real owner out. Only a verified one.
 */
export async function checkDomain(db: Db, vendorId: string, input: string, platform: PlatformHosts): Promise<DomainCheck> {
  const domain = normaliseDomain(input)
  if (!domain) return { domain: input.trim(), available: false, reason: 'invalid', message: DOMAIN_INVALID_MESSAGE }
  if (isPlatform(domain, platform)) return { domain, available: false, reason: 'platform', message: MESSAGES.platform }
  const rows = await db
    .select({ vendorId: shopDomains.vendorId, status: shopDomains.status })
    .from(shopDomains)
    .where(eq(shopDomains.domain, domain))
  const reason = rows.some((row) => row.vendorId === vendorId) ? 'yours' : rows.some((row) => row.status === 'active') ? 'taken' : null
  return reason
    ? { domain, available: false, reason, message: MESSAGES[reason] }
    : { domain, available: true, reason: null, message: available(domain) }
}

function toShopDomain(row: ShopDomainRow, platformHost: string): ShopDomain {
  return {
    id: row.id,
    domain: row.domain,
    status: row.status,
    records: [
      {
        type: 'TXT',
        name: verificationName(row.domain),
        value: verificationValue(row.verificationToken),
        purpose: 'Proves you own the domain',
      },
      {
        type: 'CNAME',
        name: row.domain,
        value: platformHost,
        // A CNAME cannot sit at the root of a domain (mamaput.ng); DNS hosts offer ALIAS/ANAME records for that.
        purpose: 'Sends your customers to your shop (at the root of a domain, use an ALIAS or ANAME record)',
      },
    ],
    createdAt: row.createdAt.toISOString(),
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
    lastCheckError: row.lastCheckError,
  }
}

/** GET /domain/my: two queries whatever the number of domains (at most MAX_DOMAINS_PER_SHOP). */
export async function myDomains(db: Db, vendorId: string, origin: string): Promise<MyDomains> {
  const [vendor] = await db.select({ url: vendors.url }).from(vendors).where(eq(vendors.id, vendorId))
  const rows = await db
    .select()
    .from(shopDomains)
    .where(eq(shopDomains.vendorId, vendorId))
    .orderBy(asc(shopDomains.createdAt), asc(shopDomains.id))
  const host = new URL(origin).hostname
  return {
    defaultAddress: storefrontUrl(origin, vendor?.url ?? null),
    items: rows.map((row) => toShopDomain(row, host)),
    limit: MAX_DOMAINS_PER_SHOP,
  }
}

const domainIssue = (message: string) => ({ issues: [{ path: 'domain', message }] })

/**
 * POST /domain. The vendor row is locked so two connects at once cannot pass the limit together; the unique index on
 * (vendor, domain) settles a double click.
 */
export async function connectDomain(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  vendorId: string,
  input: string,
  platform: PlatformHosts,
): Promise<ShopDomain> {
  const check = await checkDomain(deps.db, vendorId, input, platform)
  if (check.reason === 'invalid' || check.reason === 'platform') {
    throw new ApiError(422, 'DOMAIN_NOT_ALLOWED', check.message, domainIssue(check.message))
  }
  if (!check.available) throw new ApiError(409, 'DOMAIN_TAKEN', check.message, domainIssue(check.message))
  try {
    const row = await deps.db.transaction(async (tx) => {
      // NO KEY UPDATE: enough to serialise connects, without blocking inserts that reference the vendor.
      await tx.select({ id: vendors.id }).from(vendors).where(eq(vendors.id, vendorId)).for('no key update')
      const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(shopDomains).where(eq(shopDomains.vendorId, vendorId))
      if (n >= MAX_DOMAINS_PER_SHOP) {
        throw new ApiError(
          409,
          'DOMAIN_LIMIT',
          `A shop can have ${MAX_DOMAINS_PER_SHOP} domains. Remove one to connect another`,
          domainIssue(`at most ${MAX_DOMAINS_PER_SHOP} domains`),
        )
      }
      const [inserted] = await tx
        .insert(shopDomains)
        .values({
          id: randomUUID(),
          vendorId,
          domain: check.domain,
          status: 'pending',
          verificationToken: randomBytes(20).toString('hex'),
          createdAt: deps.clock.now(),
        })
        .returning()
      return inserted!
    })
    return toShopDomain(row, platform[0]!)
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    throw new ApiError(409, 'DOMAIN_TAKEN', MESSAGES.yours, domainIssue(MESSAGES.yours))
  }
}

async function ownDomain(db: Db, vendorId: string, id: string): Promise<ShopDomainRow> {
  const [row] = await db
    .select()
    .from(shopDomains)
    .where(and(eq(shopDomains.id, id), eq(shopDomains.vendorId, vendorId)))
  if (!row) throw notFound('Domain')
  return row
}

/** The TXT lookup, as what it found: the token, another token, nothing. DNS unreachable is a 503. */
async function lookUpToken(dns: DnsResolver, row: ShopDomainRow): Promise<'found' | 'other' | 'none'> {
  let records: string[]
  try {
    records = await dns.txt(verificationName(row.domain))
  } catch (error) {
    if (!(error instanceof DnsUnreachable)) throw error
    throw new ApiError(503, 'DNS_UNREACHABLE', 'We could not reach DNS to check your domain, please try again')
  }
  if (records.includes(verificationValue(row.verificationToken))) return 'found'
  return records.some((r) => r.startsWith('vendor-verify=')) ? 'other' : 'none'
}

const CHECK_ERRORS = {
  other: 'The TXT record holds a different value. Copy the value shown here exactly',
  none: 'No TXT record found yet. DNS changes can take up to a few hours to appear',
} as const

/**
 * POST /domain/verify: reads the TXT record (outside any transaction: DNS may take seconds) and records what it
 * found. Proof makes the domain active and drops other shops' pending claims to it; a shop already active with it
 * wins (409). An active domain whose record has gone stays active: a registrar hiccup must not take a shop offline;
 * removing the domain is how it stops.
 */
export async function verifyDomain(
  deps: Pick<AppDeps, 'db' | 'clock' | 'dns' | 'rateLimiter'>,
  vendorId: string,
  id: string,
  platformHost: string,
): Promise<{ data: ShopDomain; message: string }> {
  const row = await ownDomain(deps.db, vendorId, id)
  await enforce(deps.rateLimiter, LIMITS.domainVerifyPerVendor, vendorId)
  const found = await lookUpToken(deps.dns, row)
  const now = deps.clock.now()
  const mine = and(eq(shopDomains.id, id), eq(shopDomains.vendorId, vendorId))
  if (found !== 'found') {
    if (row.status === 'active') {
      const data = toShopDomain(row, platformHost)
      return { data, message: `${row.domain} is active. Keep its TXT record in place so it can be checked again` }
    }
    const [updated] = await deps.db
      .update(shopDomains)
      .set({ lastCheckedAt: now, lastCheckError: CHECK_ERRORS[found] })
      .where(mine)
      .returning()
    if (!updated) throw notFound('Domain')
    return { data: toShopDomain(updated, platformHost), message: CHECK_ERRORS[found] }
  }
  try {
    const updated = await deps.db.transaction(async (tx) => {
      // Every claim to this domain, locked in one order, before anything changes: two shops proving it at once
      // then run in turn (the second finds its claim dropped) instead of each holding the row the other deletes.
      await tx
        .select({ id: shopDomains.id })
        .from(shopDomains)
        .where(eq(shopDomains.domain, row.domain))
        .orderBy(asc(shopDomains.id))
        .for('update')
      const [promoted] = await tx
        .update(shopDomains)
        .set({ status: 'active', verifiedAt: sql`coalesce(${shopDomains.verifiedAt}, ${now})`, lastCheckedAt: now, lastCheckError: null })
        .where(mine)
        .returning()
      // Gone meanwhile: another shop proved the domain first and dropped this pending claim.
      if (!promoted) throw new ApiError(409, 'DOMAIN_TAKEN', MESSAGES.taken)
      await tx.delete(shopDomains).where(and(eq(shopDomains.domain, row.domain), ne(shopDomains.vendorId, vendorId)))
      return promoted
    })
    return { data: toShopDomain(updated, platformHost), message: `${row.domain} is verified and now opens your shop` }
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    throw new ApiError(409, 'DOMAIN_TAKEN', MESSAGES.taken)
  }
}

/** DELETE /domain. */
export async function removeDomain(db: Db, vendorId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(shopDomains)
    .where(and(eq(shopDomains.id, id), eq(shopDomains.vendorId, vendorId)))
    .returning({ id: shopDomains.id })
  if (!deleted.length) throw notFound('Domain')
}

/**
 * The shop URL an active custom domain opens, or null. Used by the host redirect: a customer typing the vendor's
 * domain lands on /shop/{url}.
 */
export async function shopUrlForHost(db: Db, host: string, platform: PlatformHosts): Promise<string | null> {
  const domain = normaliseDomain(host)
  if (!domain || isPlatform(domain, platform)) return null
  const [row] = await db
    .select({ url: vendors.url })
    .from(shopDomains)
    .innerJoin(vendors, eq(vendors.id, shopDomains.vendorId))
    .where(and(eq(shopDomains.domain, domain), eq(shopDomains.status, 'active'), eq(vendors.status, 'approved')))
  return row?.url ?? null
}
