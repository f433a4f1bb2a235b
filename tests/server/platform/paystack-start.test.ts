import { describe, expect, it } from 'vitest'

import { bankProviderFromEnv } from '#server/process-env'

import { startMain } from './main-process'

/* BANK_PROVIDER and the Paystack variables (issue 36, decision 139): checked before anything opens. */

describe('BANK_PROVIDER', () => {
  it('is the sandbox by default, Paystack at api.paystack.co with its secret key', () => {
    expect(bankProviderFromEnv({})).toEqual({ kind: 'sandbox' })
    expect(bankProviderFromEnv({ BANK_PROVIDER: 'paystack', PAYSTACK_SECRET_KEY: 'sk_live_abc123' })).toEqual({
      kind: 'paystack',
      secretKey: 'sk_live_abc123',
      baseUrl: 'https://api.paystack.co',
    })
    expect(
      bankProviderFromEnv({ BANK_PROVIDER: 'paystack', PAYSTACK_SECRET_KEY: 'sk_test_abc', PAYSTACK_BASE_URL: 'http://127.0.0.1:4010' }),
    ).toMatchObject({ baseUrl: 'http://127.0.0.1:4010' })
  })

  it.each([
    [{ BANK_PROVIDER: 'flutterwave' }, 'BANK_PROVIDER must be sandbox or paystack, got flutterwave'],
    [{ BANK_PROVIDER: 'paystack' }, 'BANK_PROVIDER=paystack needs PAYSTACK_SECRET_KEY'],
    [{ BANK_PROVIDER: 'paystack', PAYSTACK_SECRET_KEY: 'pk_live_public' }, 'PAYSTACK_SECRET_KEY must be a Paystack secret key'],
    [
      { BANK_PROVIDER: 'paystack', PAYSTACK_SECRET_KEY: 'sk_test_a', PAYSTACK_BASE_URL: 'api.paystack.co' },
      'PAYSTACK_BASE_URL must be an http(s) URL',
    ],
  ])('%o stops the start', (env, message) => {
    expect(() => bankProviderFromEnv(env)).toThrow(message)
  })

  it('npm start with BANK_PROVIDER=paystack and no PAYSTACK_SECRET_KEY exits 1 before opening anything, naming it', async () => {
    await expect(startMain({ BANK_PROVIDER: 'paystack', PAYSTACK_SECRET_KEY: '', DATA_DIR: 'memory', DATABASE_URL: '' })).rejects.toThrow(
      /exited \(1\) before it was ready:[\s\S]*BANK_PROVIDER=paystack needs PAYSTACK_SECRET_KEY/,
    )
  }, 60_000)
})
