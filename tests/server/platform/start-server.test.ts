import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { eq } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { storedFiles } from '#server/db/platform-schema'
import { ledgerEntries, productImages, transactions, vendors, wallets } from '#server/db/schema'
import { DEMO, seedDemo } from '#server/seed/demo'
import { type RunningServer, startServer } from '#server/start-server'
import { MemoryStorage } from '#server/storage'

import { expectLedgerConsistent } from '../money/helpers'

/* The real server on a free port: what `npm start` and the end-to-end tests run. */

function get(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
      .on('error', reject)
      .end()
  })
}

let server: RunningServer
let dist: string
const quiet = { info: () => {}, warn: () => {}, error: console.error }

/*
 * On PostgreSQL the server gets a database of its own, as `npm start` would. In the suite's shared database another
 * file may seed the demo first, into its own in-memory uploads, and this server would then find the demo seeded
 * but not its pictures.
 */
const sharedUrl = process.env.TEST_DATABASE_URL
const ownDatabase = `vbo_start_server_${process.pid}`
async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: sharedUrl })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'vbo-dist-'))
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>')
  let databaseUrl: string | undefined
  if (sharedUrl) {
    await admin(`drop database if exists ${ownDatabase}`)
    await admin(`create database ${ownDatabase}`)
    const url = new URL(sharedUrl)
    url.pathname = `/${ownDatabase}`
    databaseUrl = url.toString()
  }
  server = await startServer({
    port: 0,
    hostname: '127.0.0.1',
    databaseUrl,
    dataDir: 'memory',
    // PostgreSQL with no data directory requires one (decision 097); on PGlite in memory it would be random anyway.
    pinPepper: randomBytes(32),
    // Both required or off by default on PostgreSQL (issue 35): these tests are about the demo.
    webhookSecret: randomBytes(24).toString('hex'),
    seed: true,
    distDir: dist,
    logger: quiet,
  })
})
afterAll(async () => {
  await server?.close()
  rmSync(dist, { recursive: true, force: true })
  if (sharedUrl) await admin(`drop database if exists ${ownDatabase}`)
})

describe('startServer', () => {
  it('listens on a free port and serves the app shell and the API from one origin', async () => {
    expect(server.url).toMatch(/^http:\/\/localhost:\d+$/)
    expect(server.port).toBeGreaterThan(0)
    // Node's fetch always says sec-fetch-mode: cors; a page load is what a browser (or curl) sends.
    const page = await get(`${server.url}/orders`, { 'sec-fetch-mode': 'navigate', accept: 'text/html' })
    expect(page.status).toBe(200)
    expect(page.body).toContain('<div id="root">')
    expect((await fetch(`${server.url}/orders`)).status).toBe(404)
    const spec = await fetch(`${server.url}/api/openapi.json`)
    expect(spec.status).toBe(200)
  })

  it('seeds the demo vendor: login, ₦1,625,329.00 in the main wallet, a Providus account', async () => {
    const login = await fetch(`${server.url}/api/auth/vendor/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO.email, password: DEMO.password }),
    })
    expect(login.status).toBe(200)
    const { data } = await login.json()
    expect(data.user.vendor).toMatchObject({ name: 'Mama Put Kitchen', status: 'approved' })
    const headers = { authorization: `Bearer ${data.token}` }
    const balance = await (await fetch(`${server.url}/api/vendor/wallet/balance`, { headers })).json()
    expect(balance.data).toEqual({ balance: 162_532_900, currency: 'NGN' })
    const details = await (await fetch(`${server.url}/api/vendor/wallet/details`, { headers })).json()
    expect(details.data).toMatchObject({ bankName: 'Providus Bank', accountName: 'Mama Put Kitchen' })
    expect(details.data.accountNumber).toMatch(/^\d{10}$/)
  })

  it('seeding again changes nothing, and the balance is backed by ledger entries', async () => {
    const db = server.database.db
    const again = await seedDemo(db, { storage: new MemoryStorage(), origin: server.url })
    expect(again.created).toBe(false)
    const vendorWallets = await db.select().from(wallets).where(eq(wallets.vendorId, again.vendorId))
    const main = vendorWallets.find((wallet) => wallet.kind === 'main')!
    expect(main.balance).toBe(162_532_900)
    const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.vendorId, again.vendorId))
    const onMain = entries.filter((entry) => entry.walletId === main.id)
    expect(onMain.reduce((sum, entry) => sum + entry.amount, 0)).toBe(162_532_900)
    await expectLedgerConsistent(db, again.vendorId)
  })

  it('seeds two weeks of history: sends with fees, a reversed failure, credits with and without orders, refunds', async () => {
    const db = server.database.db
    const vendorId = server.demoVendorId!
    const all = await db.select().from(transactions).where(eq(transactions.vendorId, vendorId))
    // 30 transfers of the history, then the sales seed's payments and refunds; seed/outlets.test.ts checks the rest.
    const rows = all.filter((row) => row.outletId === null)
    expect(rows).toHaveLength(50)
    const oldest = Math.min(...rows.map((row) => row.createdAt.getTime()))
    expect(Date.now() - oldest).toBeLessThan(15 * 24 * 3600_000)
    expect(Math.max(...rows.map((row) => row.createdAt.getTime()))).toBeLessThan(Date.now())
    const failed = rows.filter((row) => row.status === 'failed')
    expect(failed).toHaveLength(1)
    expect(failed[0]).toMatchObject({ type: 'debit', failureReason: 'Beneficiary account is dormant' })
    expect(rows.filter((row) => row.type === 'debit' && row.status === 'success').length).toBeGreaterThanOrEqual(6)
    expect(rows.some((row) => row.type === 'debit' && row.fee === 0)).toBe(true)
    const offline = rows.filter((row) => row.isOffline && !row.hasMatchingOrder && !row.isPos)
    expect(offline.length).toBeGreaterThanOrEqual(5)
    expect(rows.filter((row) => row.hasMatchingOrder && row.orderReference).length).toBeGreaterThanOrEqual(5)
    expect(rows.every((row) => row.status !== 'pending')).toBe(true)
    const [vendor] = await db.select().from(vendors).where(eq(vendors.id, vendorId))
    expect(vendor).toMatchObject({ thirdPartyTransfers: true, settlementBankCode: '058', settlementAccountName: 'Adaeze Okafor' })
  })

  it('seeds the demo menu: collections, products with pictures, a low-stock variant and a discounted pay link', async () => {
    const login = await fetch(`${server.url}/api/auth/vendor/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO.email, password: DEMO.password }),
    })
    const headers = { authorization: `Bearer ${(await login.json()).data.token}` }
    const api = async (path: string) => (await (await fetch(`${server.url}/api${path}`, { headers })).json()).data
    const collections = await api('/product/collections')
    expect(collections.items.map((c: { name: string }) => c.name).sort()).toEqual([
      'Drinks',
      'Rice dishes',
      'Small chops',
      'Soups and swallow',
    ])
    const products = await api('/product')
    expect(products.total).toBe(8)
    expect(products.items[0]).toMatchObject({ name: 'Jollof rice', variantCount: 6, isPublished: true })
    expect(products.items.filter((p: { isPublished: boolean }) => !p.isPublished)).toHaveLength(2)
    const picture = await fetch(`${server.url}${products.items[0].image.url}`)
    expect(picture.headers.get('content-type')).toBe('image/webp')
    expect((await api('/product?lowStock=true')).items.map((p: { name: string }) => p.name)).toEqual(['Chapman'])
    const variants = await api('/product/vendor/variants?size=100')
    // Every published variant in stock has a pay link (the storefront sells them); unpublished dishes have none.
    type Variant = { paylink: string | null; productName: string; availableUnits: number; options: Record<string, string> }
    const unpublished = new Set(products.items.filter((p: { isPublished: boolean }) => !p.isPublished).map((p: { name: string }) => p.name))
    const onSale = variants.items.filter((v: Variant) => !unpublished.has(v.productName) && v.availableUnits > 0)
    expect(onSale.length).toBeGreaterThan(10)
    expect(onSale.every((v: Variant) => v.paylink)).toBe(true)
    expect(variants.items.filter((v: Variant) => unpublished.has(v.productName)).every((v: Variant) => !v.paylink)).toBe(true)
    const zobo = onSale.find((v: Variant) => v.productName === 'Zobo drink' && v.options.Size === '1 litre')
    expect(zobo).toMatchObject({ discountType: 'PERCENTAGE', discount: 10, discountedPrice: 1_350_00 })
    expect(zobo.paylink).toMatch(new RegExp(`^${server.url}/pay/[0-9A-Za-z]{10}$`))
    const code = zobo.paylink.split('/pay/')[1]
    const publicView = await (await fetch(`${server.url}/api/paylink?code=${code}`)).json()
    expect(publicView.data).toMatchObject({ vendorName: 'Mama Put Kitchen', productName: 'Zobo drink', discountedPrice: 1_350_00 })
  })

  it('keeps uploads in the database on PostgreSQL (every API process sees them), in memory with DATA_DIR=memory on PGlite', async () => {
    const db = server.database.db
    const images = await db
      .select({ key: productImages.storageKey })
      .from(productImages)
      .where(eq(productImages.vendorId, server.demoVendorId!))
    expect(images.length).toBeGreaterThan(0)
    const inDatabase = await db.select({ key: storedFiles.key }).from(storedFiles).where(eq(storedFiles.key, images[0]!.key))
    expect(inDatabase).toHaveLength(sharedUrl ? 1 : 0)
    expect((await fetch(`${server.url}/api/files/${images[0]!.key}`)).status).toBe(200)
  })

  it('rate-limits logins by the real socket address, whatever X-Forwarded-For claims', async () => {
    const attempt = (n: number) =>
      fetch(`${server.url}/api/auth/vendor/login`, {
        method: 'POST',
        headers: { 'x-forwarded-for': `192.0.2.${n}` },
        body: JSON.stringify({ email: `nobody${n}@test.ng`, password: 'whatever-password' }),
      })
    // Earlier tests in this file signed in from 127.0.0.1 too, so the limit of 20 may be reached a little sooner.
    const statuses: number[] = []
    for (let i = 0; i < 21; i++) statuses.push((await attempt(i)).status)
    const firstBlocked = statuses.indexOf(429)
    expect(firstBlocked).toBeGreaterThanOrEqual(15)
    expect(statuses.slice(0, firstBlocked).every((status) => status === 401)).toBe(true)
    expect(statuses.slice(firstBlocked).every((status) => status === 429)).toBe(true)
  })
})
