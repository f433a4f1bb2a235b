import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { openDatabase } from '#server/db/client'
import { createVendorAccount } from '#server/money/accounts'

import { startSmtpServer, type TestSmtpServer } from '../../support/smtp-server'
import { uniqueEmail } from '../harness'

/*
 * `npm run admin -- approve EMAIL` with no server answering opens the database itself (decision 065); the owner's
 * e-mail then goes the way the server's would (SMTP_URL), not only to the console.
 */

const ROOT = resolve(import.meta.dirname, '../../..')
let smtp: TestSmtpServer
let dataDir: string

beforeAll(async () => {
  smtp = await startSmtpServer()
  dataDir = mkdtempSync(join(tmpdir(), 'admin-db-'))
})

afterAll(async () => {
  await smtp?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('npm run admin with no server running', () => {
  it('approves in the database and e-mails the owner through SMTP_URL', async () => {
    const email = uniqueEmail('owner')
    const database = await openDatabase({ dataDir })
    try {
      await createVendorAccount(database.db, {
        name: 'Mama Put Admin',
        email,
        phone: '08030000000',
        ownerName: 'Ada Obi',
        password: 'password-123',
        status: 'under_review',
      })
    } finally {
      await database.close()
    }
    const env = {
      ...process.env,
      DATABASE_URL: '',
      OPERATOR_KEY: '',
      DATA_DIR: dataDir,
      // Nothing listens here: the script falls back to the database.
      PORT: '9',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Vendor Office <no-reply@vendor.test>',
      SMS_PROVIDER: '',
    }
    const { stdout } = await promisify(execFile)(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'scripts/admin.ts'), 'approve', email], {
      cwd: dataDir,
      env,
    })
    expect(stdout).toContain('under_review → approved')
    const mail = smtp.lastTo(email)
    expect(mail?.subject).toMatch(/: your store is approved$/)
    expect(mail?.from).toBe('"Vendor Office" <no-reply@vendor.test>')
  }, 120_000)
})
