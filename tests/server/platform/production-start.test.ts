import { randomBytes } from 'node:crypto'

import { afterAll, describe, expect, it } from 'vitest'

import { STRICT_TRANSPORT_SECURITY } from '#server/http/security-headers'

import { startPrism } from '../../support/prism'
import { type MainProcess, preparePlace, startMain, stopAll } from './main-process'

/*
 * Issue 37: `NODE_ENV=production npm start` with nothing set prints every missing item and exits non-zero; with
 * everything set it starts (decision 153). The lines themselves are production.test.ts's.
 */

/** Whatever the test runner's own environment holds, production mode must not see it. */
const NOTHING = Object.fromEntries(
  [
    'SMTP_URL',
    'MAIL_FROM',
    'SMS_PROVIDER',
    'TERMII_API_KEY',
    'TERMII_SENDER_ID',
    'TERMII_BASE_URL',
    'BANK_PROVIDER',
    'PAYSTACK_SECRET_KEY',
    'PAYSTACK_BASE_URL',
    'ALLOW_SANDBOX_BANK',
    'BANK_WEBHOOK_SECRET',
    'PIN_PEPPER',
    'OPERATOR_KEY',
    'PUBLIC_URL',
    'SEED_DEMO',
    'DATABASE_URL',
    'REDIS_URL',
    'TRUST_PROXY',
  ].map((name) => [name, '']),
)

const started: MainProcess[] = []
afterAll(() => stopAll(started))

describe('NODE_ENV=production npm start', () => {
  it('with nothing set prints every missing item on its own line and exits 1 before opening anything', async () => {
    const refusal = await startMain({ ...NOTHING, NODE_ENV: 'production', DATA_DIR: 'memory' }).then(
      (running) => (started.push(running), 'it started'),
      (error: Error) => error.message,
    )
    expect(refusal).toMatch(/exited \(1\) before it was ready/)
    const lines = refusal.split('\n')
    expect(lines).toContain('[server] NODE_ENV=production refuses to start (8 to fix):')
    for (const start of [
      '  - SMTP_URL and MAIL_FROM must be set',
      '  - SMS_PROVIDER=termii, TERMII_API_KEY and TERMII_SENDER_ID must be set',
      '  - BANK_PROVIDER must be paystack',
      '  - BANK_WEBHOOK_SECRET must be set',
      '  - PIN_PEPPER must be set',
      '  - OPERATOR_KEY must be set',
      '  - PUBLIC_URL must be set',
      '  - SEED_DEMO must be 0',
    ]) {
      expect(
        lines.filter((line) => line.startsWith(start)),
        start,
      ).toHaveLength(1)
    }
  }, 60_000)

  it('a live Paystack key without NODE_ENV=production exits 1 before opening anything', async () => {
    const env = {
      ...NOTHING,
      DATA_DIR: 'memory',
      BANK_PROVIDER: 'paystack',
      PAYSTACK_SECRET_KEY: `sk_live_${randomBytes(20).toString('hex')}`,
    }
    const refusal = await startMain(env).then(
      (running) => (started.push(running), 'it started'),
      (error: Error) => error.message,
    )
    expect(refusal).toMatch(/exited \(1\) before it was ready/)
    expect(refusal).toContain('[server] PAYSTACK_SECRET_KEY is a live key (sk_live_…) but NODE_ENV is not production')
  }, 60_000)

  it('with everything set starts: a staging server says so, and HSTS follows our proxy', async () => {
    const place = await preparePlace('prodstart')
    try {
      const server = await startMain({
        ...NOTHING,
        ...place.env,
        NODE_ENV: 'production',
        // Valid, not reachable: nothing is sent at start.
        SMTP_URL: 'smtp://mailer:secret@127.0.0.1:1',
        MAIL_FROM: 'Vendor <no-reply@example.ng>',
        SMS_PROVIDER: 'termii',
        TERMII_API_KEY: 'TL-test-key',
        TERMII_SENDER_ID: 'VendorBO',
        TERMII_BASE_URL: 'http://127.0.0.1:1',
        ALLOW_SANDBOX_BANK: '1',
        BANK_WEBHOOK_SECRET: randomBytes(24).toString('hex'),
        PIN_PEPPER: randomBytes(24).toString('hex'),
        OPERATOR_KEY: randomBytes(24).toString('hex'),
        PUBLIC_URL: 'https://shop.example.ng',
        SEED_DEMO: '0',
        TRUST_PROXY: '1',
      })
      started.push(server)
      const health = await fetch(`${server.url}/api/health`)
      expect(health.status).toBe(200)
      expect(await health.json()).toEqual({ status: 'ok' })
      expect(server.stdout()).toContain('No demo vendor')

      const mode = await fetch(`${server.url}/api/server-mode`, { headers: { 'x-forwarded-proto': 'https' } })
      expect((await mode.json()).data).toEqual({ staging: true })
      expect(mode.headers.get('strict-transport-security')).toBe(STRICT_TRANSPORT_SECURITY)
      const plain = await fetch(`${server.url}/api/server-mode`, { headers: { 'x-forwarded-proto': 'http' } })
      expect(plain.headers.get('strict-transport-security')).toBeNull()
    } finally {
      await stopAll(started)
      await place.cleanup()
    }
  }, 120_000)

  it('with a live Paystack key (Prism over its published document) starts as a live server: no staging banner', async () => {
    const prism = await startPrism()
    const place = await preparePlace('prodlive')
    try {
      const server = await startMain({
        ...NOTHING,
        ...place.env,
        NODE_ENV: 'production',
        SMTP_URL: 'smtps://mailer:secret@127.0.0.1:1',
        MAIL_FROM: 'Vendor <no-reply@example.ng>',
        SMS_PROVIDER: 'termii',
        TERMII_API_KEY: 'TL-test-key',
        TERMII_SENDER_ID: 'VendorBO',
        TERMII_BASE_URL: 'http://127.0.0.1:1',
        BANK_PROVIDER: 'paystack',
        PAYSTACK_SECRET_KEY: `sk_live_${randomBytes(20).toString('hex')}`,
        PAYSTACK_BASE_URL: prism.url,
        // Not asked for with Paystack: its webhooks are signed with the secret key.
        BANK_WEBHOOK_SECRET: '',
        PIN_PEPPER: randomBytes(24).toString('hex'),
        OPERATOR_KEY: randomBytes(24).toString('hex'),
        PUBLIC_URL: 'https://shop.example.ng',
        SEED_DEMO: '0',
      })
      started.push(server)
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200)
      const mode = await fetch(`${server.url}/api/server-mode`, { headers: { 'x-forwarded-proto': 'https' } })
      expect((await mode.json()).data).toEqual({ staging: false })
      // TRUST_PROXY unset: the header is the client's word, and no HSTS goes out on it.
      expect(mode.headers.get('strict-transport-security')).toBeNull()
      expect(prism.violations).toEqual([])
    } finally {
      await stopAll(started)
      await place.cleanup()
      await prism.stop()
    }
  }, 150_000)
})
