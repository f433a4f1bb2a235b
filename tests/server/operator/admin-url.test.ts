import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'

import { serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createVendor, makeApp, type TestApp } from '../harness'

/*
 * Issue 17: `npm run admin -- … --url URL` uses that server or says why it cannot; it never opens (or creates) a
 * local database instead. Each run starts in an empty directory, so a stray ./data would show.
 */

const ROOT = resolve(import.meta.dirname, '../../..')
const KEY = 'a'.repeat(64)
let t: TestApp
let server: ReturnType<typeof serve>
let url: string
let cwd: string

beforeAll(async () => {
  t = await makeApp({ operatorKey: KEY })
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise((done) => server.once('listening', done))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((done) => server.close(done))
})

async function admin(args: string[], env: Record<string, string> = {}) {
  cwd = mkdtempSync(join(tmpdir(), 'admin-url-'))
  const clean = { ...process.env, OPERATOR_KEY: '', DATA_DIR: '', ...env }
  try {
    const { stdout, stderr } = await promisify(execFile)(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'scripts/admin.ts'), ...args], {
      cwd,
      env: clean,
    })
    return { code: 0, stdout, stderr, madeData: existsSync(join(cwd, 'data')) }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr, madeData: existsSync(join(cwd, 'data')) }
  } finally {
    rmSync(cwd, { recursive: true, force: true })
  }
}

describe('npm run admin --url', () => {
  it('goes through that server with OPERATOR_KEY, and the server emails the owner', async () => {
    const v = await createVendor({ status: 'under_review' })
    const run = await admin(['approve', v.owner.email, '--url', url], { OPERATOR_KEY: KEY })
    expect(run.stderr).toBe('')
    expect(run.stdout).toContain('under_review → approved')
    expect(run.code).toBe(0)
    expect(run.madeData).toBe(false)
    expect(t.notifier.lastTo(v.owner.email)?.subject).toMatch(/: your store is approved$/)
  }, 30_000)

  it('without a key says how to pass one, and opens no local database', async () => {
    const v = await createVendor({ status: 'under_review' })
    const run = await admin(['approve', v.owner.email, '--url', url])
    expect(run.code).toBe(1)
    expect(run.stderr).toContain(`No operator key to send to ${url}: set OPERATOR_KEY to the server's key, or DATA_DIR`)
    expect(run.stderr).not.toContain('No user with email')
    expect(run.madeData).toBe(false)
  }, 30_000)

  it('when the server does not answer says so, and opens no local database', async () => {
    const closed = `http://127.0.0.1:9`
    const run = await admin(['list', '--url', closed], { OPERATOR_KEY: KEY })
    expect(run.code).toBe(1)
    expect(run.stderr).toContain(`Could not reach the server at ${closed}`)
    expect(run.madeData).toBe(false)
  }, 30_000)
})
