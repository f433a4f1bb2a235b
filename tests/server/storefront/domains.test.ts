import { randomUUID } from 'node:crypto'

import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { MAX_DOMAINS_PER_SHOP } from '#contract/domains'
import { endpoints } from '#contract/index'
import { shopDomains } from '#server/db/onboarding-schema'
import { vendors } from '#server/db/schema'
import { dnsFromEnv, type DnsResolver, DnsUnreachable, SandboxDnsResolver, SystemDnsResolver } from '#server/domains/dns'

import { memberToken, seller } from '../catalogue/helpers'
import { call, makeApp, type TestApp, testDb, unchecked } from '../harness'
import { shopUrlFor } from '../onboarding/helpers'

/* Custom domains (decision 063): check, connect, verify through the sandbox DNS, remove, and the host redirect. */

const ORIGIN = 'https://shops.example.ng'
let t: TestApp
beforeAll(async () => {
  // A public PUBLIC_URL chooses real DNS by default; these tests play the vendor's DNS with the sandbox.
  t = await makeApp({ publicUrl: ORIGIN, dns: new SandboxDnsResolver(await testDb()) })
})

/** A domain no other test uses (the unique index spans the worker's database). */
const fresh = (first = 'mp') => `${first}-${randomUUID().slice(0, 8)}.com.ng`
const check = (token: string, domain: string) => call(t.app, endpoints.checkDomain, { token, query: { domain } })
const connect = (token: string, domain: unknown) => call(t.app, endpoints.connectDomain, { token, body: unchecked({ domain }) })
const verify = (token: string, id: string) => call(t.app, endpoints.verifyDomain, { token, body: { id } })
const mine = (token: string) => call(t.app, endpoints.myDomains, { token })
const remove = (token: string, id: string) => call(t.app, endpoints.removeDomain, { token, query: { id } })
/** Connects and verifies (sandbox DNS): the domain is then active for this shop. */
async function activate(token: string, domain: string): Promise<string> {
  const connected = await connect(token, domain)
  expect(connected.status, JSON.stringify(connected.body)).toBe(201)
  expect((await verify(token, connected.body.data.id)).body.data.status).toBe('active')
  return connected.body.data.id
}

describe('GET /domain', () => {
  it('answers available for a well-formed domain nobody has, normalised as it would be stored', async () => {
    const s = await seller(t)
    const domain = fresh()
    const res = await check(s.token, `  HTTPS://${domain.toUpperCase()}./about?x=1 `)
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({ domain, available: true, reason: null, message: `${domain} can be connected to your shop` })
  })

  it('says why not: not a domain name, one of ours, another shop’s, already yours', async () => {
    const s = await seller(t)
    const other = await seller(t)
    const theirs = fresh()
    const yours = fresh()
    await activate(other.token, theirs)
    expect((await connect(s.token, yours)).status).toBe(201)
    const answers = await Promise.all(
      ['not a domain', '192.168.0.1', 'localhost', 'shop', 'shop.test', 'x.shops.example.ng', theirs, yours].map(
        async (d) => (await check(s.token, d)).body.data,
      ),
    )
    expect(answers.map((a) => [a.available, a.reason])).toEqual([
      [false, 'invalid'],
      [false, 'invalid'],
      [false, 'invalid'],
      [false, 'invalid'],
      [false, 'platform'],
      [false, 'platform'],
      [false, 'taken'],
      [false, 'yours'],
    ])
    expect(answers[0]!.message).toBe('Enter a domain name like shop.example.com')
    expect(answers[6]!.message).toBe('This domain is already connected to another shop')
    expect(answers[7]!.message).toBe('This domain is already connected to your shop')
  })

  it('does not count another shop’s unverified claim: connecting proves nothing', async () => {
    const squatter = await seller(t)
    const domain = fresh()
    expect((await connect(squatter.token, domain)).status).toBe(201)
    const s = await seller(t)
    expect((await check(s.token, domain)).body.data).toMatchObject({ available: true, reason: null })
  })

  it('refuses PUBLIC_URL’s host and its subdomains whatever Host the request came to', async () => {
    const s = await seller(t)
    const headers = { host: '10.0.0.5:3000' }
    for (const domain of ['shops.example.ng', 'www.shops.example.ng']) {
      expect((await call(t.app, endpoints.checkDomain, { token: s.token, query: { domain }, headers })).body.data.reason).toBe('platform')
      expect((await call(t.app, endpoints.connectDomain, { token: s.token, body: { domain }, headers })).status).toBe(422)
    }
  })

  it('refuses a missing or oversized domain with 422 naming the field', async () => {
    const s = await seller(t)
    const missing = await call(t.app, endpoints.checkDomain, { token: s.token })
    expect(missing.status).toBe(422)
    expect(missing.body.issues![0]!.path).toBe('domain')
    const huge = await check(s.token, `${'a'.repeat(300)}.com`)
    expect(huge.status).toBe(422)
    expect(huge.body.issues![0]).toEqual({ path: 'domain', message: 'is too long' })
  })
})

describe('POST /domain, GET /domain/my', () => {
  it('connects a domain pending, with the TXT and CNAME records to add, listed after the default address', async () => {
    const s = await seller(t)
    const url = shopUrlFor()
    await t.db.update(vendors).set({ url }).where(eq(vendors.id, s.vendor.id))
    const domain = fresh()
    const res = await connect(s.token, domain)
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.message).toBe(`${domain} is connected. Add the DNS records, then check them`)
    const [row] = await t.db.select().from(shopDomains).where(eq(shopDomains.domain, domain))
    expect(row!.verificationToken).toMatch(/^[0-9a-f]{40}$/)
    expect(res.body.data).toMatchObject({
      id: row!.id,
      domain,
      status: 'pending',
      verifiedAt: null,
      lastCheckedAt: null,
      records: [
        { type: 'TXT', name: `_vendor-verify.${domain}`, value: `vendor-verify=${row!.verificationToken}` },
        {
          type: 'CNAME',
          name: domain,
          value: 'shops.example.ng',
          purpose: 'Sends your customers to your shop (at the root of a domain, use an ALIAS or ANAME record)',
        },
      ],
    })
    const list = await mine(s.token)
    expect(list.status).toBe(200)
    expect(list.body.data).toEqual({ defaultAddress: `${ORIGIN}/shop/${url}`, items: [res.body.data], limit: MAX_DOMAINS_PER_SHOP })
  })

  it('lists nothing but a null default address for a vendor without a shop URL, and never another vendor’s domains', async () => {
    const s = await seller(t)
    const other = await seller(t)
    await connect(other.token, fresh())
    expect((await mine(s.token)).body.data).toEqual({ defaultAddress: null, items: [], limit: MAX_DOMAINS_PER_SHOP })
  })

  it('refuses 422 for bad and platform names, 409 for taken ones, and 409 past the limit — nothing written', async () => {
    const s = await seller(t)
    const bad = await connect(s.token, 'not a domain')
    expect(bad.status).toBe(422)
    expect(bad.body).toMatchObject({
      code: 'DOMAIN_NOT_ALLOWED',
      issues: [{ path: 'domain', message: 'Enter a domain name like shop.example.com' }],
    })
    expect((await connect(s.token, 'my.shop.test')).status).toBe(422)
    expect((await connect(s.token, 12)).status).toBe(422)

    const taken = fresh()
    await activate((await seller(t)).token, taken)
    const refused = await connect(s.token, taken.toUpperCase())
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe('This domain is already connected to another shop')
    const mine = fresh()
    expect((await connect(s.token, mine)).status).toBe(201)
    expect((await connect(s.token, mine)).body.message).toBe('This domain is already connected to your shop')
    await remove(s.token, (await t.db.select().from(shopDomains).where(eq(shopDomains.domain, mine)))[0]!.id)

    for (let i = 0; i < MAX_DOMAINS_PER_SHOP; i++) expect((await connect(s.token, fresh())).status).toBe(201)
    const over = await connect(s.token, fresh())
    expect(over.status).toBe(409)
    expect(over.body.message).toBe(`A shop can have ${MAX_DOMAINS_PER_SHOP} domains. Remove one to connect another`)
    expect(await t.db.select().from(shopDomains).where(eq(shopDomains.vendorId, s.vendor.id))).toHaveLength(MAX_DOMAINS_PER_SHOP)
  })

  it('lets one shop win when two verify the same domain at once, and stays within the limit under concurrent connects', async () => {
    const [a, b] = [await seller(t), await seller(t)]
    const domain = fresh()
    const ids = [(await connect(a.token, domain)).body.data.id, (await connect(b.token, domain)).body.data.id]
    const race = await Promise.all([verify(a.token, ids[0]!), verify(b.token, ids[1]!)])
    // The loser's claim is either refused as taken or already dropped by the winner (PGlite runs them in turn).
    expect(race.filter((r) => r.status === 200)).toHaveLength(1)
    expect(race.filter((r) => r.status === 409 || r.status === 404)).toHaveLength(1)
    const rows = await t.db.select().from(shopDomains).where(eq(shopDomains.domain, domain))
    expect(rows.map((row) => row.status)).toEqual(['active'])

    const c = await seller(t)
    const many = await Promise.all(Array.from({ length: 6 }, () => connect(c.token, fresh())))
    expect(many.filter((r) => r.status === 201)).toHaveLength(MAX_DOMAINS_PER_SHOP)
    expect(many.filter((r) => r.status === 409).every((r) => r.body.code === 'DOMAIN_LIMIT')).toBe(true)
  })
})

describe('POST /domain/verify (sandbox DNS)', () => {
  it('activates a domain whose TXT record holds the token, and the domain then opens the shop', async () => {
    const s = await seller(t)
    const url = shopUrlFor()
    await t.db.update(vendors).set({ url }).where(eq(vendors.id, s.vendor.id))
    const domain = fresh()
    const { id } = (await connect(s.token, domain)).body.data
    // Pending: the domain does not open the shop yet.
    expect((await t.app.request(`http://${domain}/`)).status).toBe(404)

    const now = t.clock.now().toISOString()
    const res = await verify(s.token, id)
    expect(res.status).toBe(200)
    expect(res.body.message).toBe(`${domain} is verified and now opens your shop`)
    expect(res.body.data).toMatchObject({ status: 'active', verifiedAt: now, lastCheckError: null })

    const opened = await t.app.request(`http://${domain.toUpperCase()}/?utm_source=flyer`)
    expect(opened.status).toBe(302)
    expect(opened.headers.get('location')).toBe(`/shop/${url}?utm_source=flyer`)
    // The platform's own host is not redirected; nor is another path on the custom domain.
    expect((await t.app.request('http://shops.example.ng/')).status).toBe(404)
    expect((await t.app.request(`http://${domain}/api/storefront?url=${url}`)).status).toBe(200)
  })

  it('keeps a domain pending with what was found: no record, a wrong value; 503 when DNS is down', async () => {
    const s = await seller(t)
    const none = (await connect(s.token, fresh('nodns'))).body.data
    const wrong = (await connect(s.token, fresh('wrongdns'))).body.data
    const down = (await connect(s.token, fresh('dnsdown'))).body.data

    const missing = await verify(s.token, none.id)
    expect(missing.status).toBe(200)
    expect(missing.body.data).toMatchObject({
      status: 'pending',
      verifiedAt: null,
      lastCheckError: 'No TXT record found yet. DNS changes can take up to a few hours to appear',
    })
    expect(missing.body.data.lastCheckedAt).not.toBeNull()
    expect(missing.body.message).toBe(missing.body.data.lastCheckError)

    const mismatch = await verify(s.token, wrong.id)
    expect(mismatch.body.data).toMatchObject({
      status: 'pending',
      lastCheckError: 'The TXT record holds a different value. Copy the value shown here exactly',
    })

    const unreachable = await verify(s.token, down.id)
    expect(unreachable.status).toBe(503)
    expect(unreachable.body.message).toBe('We could not reach DNS to check your domain, please try again')
    expect((await t.app.request(`http://${none.domain}/`)).status).toBe(404)
  })

  it('drops other shops’ pending claims when the owner proves the domain', async () => {
    const squatter = await seller(t)
    const owner = await seller(t)
    const domain = fresh()
    const claim = (await connect(squatter.token, domain)).body.data
    await activate(owner.token, domain)
    expect((await mine(squatter.token)).body.data.items).toEqual([])
    expect((await verify(squatter.token, claim.id)).status).toBe(404)
    expect((await check(squatter.token, domain)).body.data.reason).toBe('taken')
  })

  it('keeps verifiedAt from the first proof when checked again later', async () => {
    const s = await seller(t)
    const id = await activate(s.token, fresh())
    const first = (await mine(s.token)).body.data.items[0]!.verifiedAt
    t.clock.advance(60_000)
    const again = await verify(s.token, id)
    expect(again.body.data).toMatchObject({ status: 'active', verifiedAt: first })
    expect(again.body.data.lastCheckedAt).not.toBe(first)
  })

  it('keeps an active domain active when a later check finds no record (only removing it takes the shop off)', async () => {
    let records: string[] | 'down' = []
    const dns: DnsResolver = {
      async txt() {
        if (records === 'down') throw new DnsUnreachable('down')
        return records
      },
    }
    const own = await makeApp({ publicUrl: ORIGIN, dns })
    const s = await seller(own)
    const created = await call(own.app, endpoints.connectDomain, { token: s.token, body: { domain: fresh() } })
    const [row] = await own.db.select().from(shopDomains).where(eq(shopDomains.id, created.body.data.id))
    records = [`vendor-verify=${row!.verificationToken}`]
    const first = await call(own.app, endpoints.verifyDomain, { token: s.token, body: { id: row!.id } })
    expect(first.body.data.status).toBe('active')
    records = []
    const later = await call(own.app, endpoints.verifyDomain, { token: s.token, body: { id: row!.id } })
    expect(later.body.data).toMatchObject({ status: 'active', verifiedAt: first.body.data.verifiedAt, lastCheckError: null })
    expect(later.body.message).toBe(`${row!.domain} is active. Keep its TXT record in place so it can be checked again`)
  })

  it('answers 404 for another vendor’s domain and an unknown id; limits checks per vendor', async () => {
    const s = await seller(t)
    const other = await seller(t)
    const { id } = (await connect(other.token, fresh('nodns'))).body.data
    expect((await verify(s.token, id)).status).toBe(404)
    expect((await verify(s.token, randomUUID())).status).toBe(404)
    expect((await remove(s.token, id)).status).toBe(404)

    const statuses: number[] = []
    for (let i = 0; i < 21; i++) statuses.push((await verify(other.token, id)).status)
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true)
    expect(statuses[20]).toBe(429)
  })
})

describe('which DNS', () => {
  it('is the sandbox in development and real DNS for a public PUBLIC_URL, unless DNS_RESOLVER says', async () => {
    const db = await testDb()
    expect(dnsFromEnv(db, null, undefined)).toBeInstanceOf(SandboxDnsResolver)
    expect(dnsFromEnv(db, 'http://localhost:3000', undefined)).toBeInstanceOf(SandboxDnsResolver)
    expect(dnsFromEnv(db, 'https://shops.example.ng', undefined)).toBeInstanceOf(SystemDnsResolver)
    expect(dnsFromEnv(db, 'https://shops.example.ng', 'sandbox')).toBeInstanceOf(SandboxDnsResolver)
    expect(dnsFromEnv(db, null, 'system')).toBeInstanceOf(SystemDnsResolver)
  })
})

describe('DELETE /domain', () => {
  it('disconnects a domain: it stops opening the shop and another shop may connect it', async () => {
    const s = await seller(t)
    await t.db.update(vendors).set({ url: shopUrlFor() }).where(eq(vendors.id, s.vendor.id))
    const domain = fresh()
    const { id } = (await connect(s.token, domain)).body.data
    await verify(s.token, id)
    expect((await t.app.request(`http://${domain}/`)).status).toBe(302)

    const res = await remove(s.token, id)
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Domain removed')
    expect((await mine(s.token)).body.data.items).toEqual([])
    expect((await t.app.request(`http://${domain}/`)).status).toBe(404)
    await activate((await seller(t)).token, domain)
  })
})

describe('access', () => {
  it('needs VENDOR_SETTINGS for every domain call', async () => {
    const s = await seller(t)
    const token = await memberToken(t, s, ['VENDOR_ORDERS'])
    const { id } = (await connect(s.token, fresh())).body.data
    const answers = await Promise.all([check(token, fresh()), mine(token), connect(token, fresh()), verify(token, id), remove(token, id)])
    expect(answers.map((r) => r.status)).toEqual([403, 403, 403, 403, 403])
    const allowed = await memberToken(t, s, ['VENDOR_SETTINGS'])
    expect((await mine(allowed)).body.data.items).toHaveLength(1)
  })

  it('does not open the shop of a vendor that is no longer approved', async () => {
    const s = await seller(t)
    await t.db.update(vendors).set({ url: shopUrlFor() }).where(eq(vendors.id, s.vendor.id))
    const domain = fresh()
    const { id } = (await connect(s.token, domain)).body.data
    await verify(s.token, id)
    await t.db.update(vendors).set({ status: 'rejected' }).where(eq(vendors.id, s.vendor.id))
    expect((await t.app.request(`http://${domain}/`)).status).toBe(404)
  })
})
