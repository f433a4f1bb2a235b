import { promises as dns } from 'node:dns'

import { eq } from 'drizzle-orm'

import type { Db } from '../db/client'
import { shopDomains } from '../db/onboarding-schema'

/*
 * DNS, behind a small interface like the banks (decision 063): the sandbox by default, node's resolver in
 * production (DNS_RESOLVER=system). Verifying a custom domain reads one TXT record.
 */

/** Where the TXT record that proves ownership of `domain` lives, and what it must hold. */
export const VERIFICATION_PREFIX = '_vendor-verify.'
export const verificationName = (domain: string) => `${VERIFICATION_PREFIX}${domain}`
export const verificationValue = (token: string) => `vendor-verify=${token}`

/** DNS could not be asked (timeout, SERVFAIL, no network). Not the same as "no such record". */
export class DnsUnreachable extends Error {}

export interface DnsResolver {
  /** The TXT strings at `name` (each record's chunks joined); [] when the name or the record does not exist. */
  txt(name: string): Promise<string[]>
}

const NO_RECORD = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN'])

/** The machine's resolver. Answers within `timeoutMs` whatever its retries and nameservers, as a verify should. */
export class SystemDnsResolver implements DnsResolver {
  constructor(private readonly timeoutMs = 5_000) {}

  async txt(name: string): Promise<string[]> {
    const resolver = new dns.Resolver({ timeout: Math.min(2_000, this.timeoutMs), tries: 2 })
    let timer: NodeJS.Timeout | undefined
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        resolver.cancel()
        reject(new DnsUnreachable(`no answer for ${name} within ${this.timeoutMs} ms`))
      }, this.timeoutMs)
    })
    try {
      return (await Promise.race([resolver.resolveTxt(name), deadline])).map((chunks) => chunks.join(''))
    } catch (error) {
      if (error instanceof DnsUnreachable) throw error
      if (NO_RECORD.has((error as { code?: string }).code ?? '')) return []
      throw new DnsUnreachable((error as Error).message)
    } finally {
      clearTimeout(timer)
    }
  }
}

/**
 * The sandbox DNS: plays a vendor who added the records we asked for, so a demo can verify a domain without owning
 * one. The first label of the domain chooses another outcome (docs/sandbox-domains.md):
 *   nodns…    no TXT record yet (verification stays pending)
 *   wrongdns… a TXT record with someone else's token
 *   dnsdown…  DNS cannot be reached (503)
 */
export class SandboxDnsResolver implements DnsResolver {
  constructor(private readonly db: Db) {}

  async txt(name: string): Promise<string[]> {
    if (!name.startsWith(VERIFICATION_PREFIX)) return []
    const domain = name.slice(VERIFICATION_PREFIX.length)
    const first = domain.split('.')[0]!
    if (first.startsWith('dnsdown')) throw new DnsUnreachable('sandbox: DNS server not answering')
    if (first.startsWith('nodns')) return []
    const spf = 'v=spf1 include:_spf.example.net ~all'
    if (first.startsWith('wrongdns')) return [spf, verificationValue('0000000000000000000000000000000000000000')]
    // Every shop that connected the name "owns" it here; real DNS holds only the owner's token.
    const rows = await this.db.select({ token: shopDomains.verificationToken }).from(shopDomains).where(eq(shopDomains.domain, domain))
    return rows.length ? [spf, ...rows.map((row) => verificationValue(row.token))] : []
  }
}

const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/

/**
 * DNS_RESOLVER=system or sandbox when set. Otherwise the sandbox only for development (no PUBLIC_URL, or one on this
 * machine): a server with a public address must not let a vendor "verify" a domain they do not own.
 */
export function dnsFromEnv(db: Db, publicUrl: string | null, value = process.env.DNS_RESOLVER): DnsResolver {
  const choice = value === 'system' || value === 'sandbox' ? value : null
  const development = !publicUrl || LOOPBACK.test(new URL(publicUrl).hostname)
  return (choice ?? (development ? 'sandbox' : 'system')) === 'system' ? new SystemDnsResolver() : new SandboxDnsResolver(db)
}
