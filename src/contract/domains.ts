import * as v from 'valibot'

import { Empty, id } from './common'
import { endpoint } from './endpoint'

/*
 * Custom domains (issue 7, decision 063): a vendor connects a domain they already own to their shop. GET /domain
 * says whether a domain can be connected; POST /domain connects it (pending until DNS proves ownership);
 * POST /domain/verify checks the DNS records; DELETE /domain disconnects. GET /domain/my lists them with the
 * shop's default address. SPEC names only the two GETs; the other three are ours, since a list nobody can add to
 * would be empty for every vendor.
 */

/** How many custom domains one shop may have connected (pending or active) at once. */
export const MAX_DOMAINS_PER_SHOP = 3

/** Longest domain name DNS allows. */
export const MAX_DOMAIN_LENGTH = 253

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/
const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/

/**
 * A domain as typed ("https://Shop.Example.com/", "shop.example.com.", "mamaput.ng") in the form we store: lower
 * case, without scheme, path, port or trailing dot; international names in their xn-- form. Null when it is not a
 * domain name (IP addresses, single labels, bad characters).
 */
export function normaliseDomain(input: string): string | null {
  const text = input
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/:\d*$/, '')
  if (!text || text.length > MAX_DOMAIN_LENGTH + 1 || /[@\s\\:%]/.test(text) || !URL.canParse(`http://${text}`)) return null
  // The URL parser turns international names into their xn-- form and catches IP addresses in any notation.
  const host = new URL(`http://${text}`).hostname.replace(/\.$/, '')
  const labels = host.split('.')
  if (host.length > MAX_DOMAIN_LENGTH || labels.length < 2 || !labels.every((label) => LABEL.test(label))) return null
  return TLD.test(labels.at(-1)!) ? host : null
}

export const DOMAIN_INVALID_MESSAGE = 'Enter a domain name like shop.example.com'

/** Why a domain cannot be connected; null when it can. */
export const DomainUnavailableReason = v.picklist(['invalid', 'platform', 'taken', 'yours'])
export type DomainUnavailableReason = v.InferOutput<typeof DomainUnavailableReason>

export const DomainCheck = v.object({
  /** The normalised domain (what would be stored), or the text as typed when it is not a domain. */
  domain: v.string(),
  available: v.boolean(),
  reason: v.nullable(DomainUnavailableReason),
  /** A sentence for the vendor: why not, or that it can be connected. */
  message: v.string(),
})
export type DomainCheck = v.InferOutput<typeof DomainCheck>

/** A DNS record the vendor adds at their registrar. */
export const DnsRecord = v.object({
  type: v.picklist(['TXT', 'CNAME']),
  /** The full record name, e.g. _vendor-verify.shop.example.com. */
  name: v.string(),
  value: v.string(),
  /** What the record is for, in a sentence. */
  purpose: v.string(),
})
export type DnsRecord = v.InferOutput<typeof DnsRecord>

export const ShopDomain = v.object({
  id: v.string(),
  domain: v.string(),
  /** pending: waiting for the TXT record; active: verified, the domain opens the shop. */
  status: v.picklist(['pending', 'active']),
  /** The records to add (always shown, so an active domain's set-up can be checked again). */
  records: v.array(DnsRecord),
  createdAt: v.string(),
  verifiedAt: v.nullable(v.string()),
  /** When DNS was last checked and what was found, for a pending domain (null before the first check). */
  lastCheckedAt: v.nullable(v.string()),
  lastCheckError: v.nullable(v.string()),
})
export type ShopDomain = v.InferOutput<typeof ShopDomain>

export const MyDomains = v.object({
  /** The address every shop has: `${origin}/shop/${url}`, or null before a shop URL is claimed. */
  defaultAddress: v.nullable(v.string()),
  /** Connected domains, oldest first. */
  items: v.array(ShopDomain),
  /** MAX_DOMAINS_PER_SHOP, so the app can say when no more can be added. */
  limit: v.number(),
})
export type MyDomains = v.InferOutput<typeof MyDomains>

const domainText = v.pipe(v.string('is required'), v.trim(), v.nonEmpty('is required'), v.maxLength(MAX_DOMAIN_LENGTH + 20, 'is too long'))

export const domainEndpoints = {
  checkDomain: endpoint({
    method: 'GET',
    path: '/domain',
    summary:
      'Whether a domain can be connected to this shop: available, or why not (not a domain name, one of ours, ' +
      "connected to another shop, already this shop's).",
    permission: 'VENDOR_SETTINGS',
    query: v.object({ domain: domainText }),
    response: DomainCheck,
  }),
  myDomains: endpoint({
    method: 'GET',
    path: '/domain/my',
    summary: "The shop's default address and its connected domains with their DNS records and status.",
    permission: 'VENDOR_SETTINGS',
    response: MyDomains,
  }),
  connectDomain: endpoint({
    method: 'POST',
    path: '/domain',
    status: 201,
    summary:
      `Connect a domain the vendor owns (pending until verified). 422 when it is not a domain name or is ours, ` +
      `409 when another shop has it or this shop has ${MAX_DOMAINS_PER_SHOP} already.`,
    permission: 'VENDOR_SETTINGS',
    body: v.object({ domain: domainText }),
    response: ShopDomain,
    errors: ['DOMAIN_NOT_ALLOWED', 'DOMAIN_TAKEN', 'DOMAIN_LIMIT'],
  }),
  verifyDomain: endpoint({
    method: 'POST',
    path: '/domain/verify',
    summary:
      'Look up the TXT record of a connected domain: active when it holds the token, still pending (with what was ' +
      'found) when not. 503 when DNS cannot be reached.',
    permission: 'VENDOR_SETTINGS',
    body: v.object({ id }),
    response: ShopDomain,
    errors: ['NOT_FOUND', 'DOMAIN_TAKEN', 'RATE_LIMITED', 'DNS_UNREACHABLE'],
  }),
  removeDomain: endpoint({
    method: 'DELETE',
    path: '/domain',
    summary: 'Disconnect a domain from the shop; it stops opening the shop at once.',
    permission: 'VENDOR_SETTINGS',
    query: v.object({ id }),
    response: Empty,
    errors: ['NOT_FOUND'],
  }),
}
