import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { mountPwa } from '#server/http/static-site'

import { makeApp } from '../harness'

/*
 * A built page's own inline scripts run, and no other inline script does: the login page's signed-in redirect
 * (decision 099) and index.html's first-screen preload (decision 115) are allowed by their SHA-256 hashes, on the
 * page wherever it is served from (a navigation, or the service worker's precache fetching /index.html).
 */

const INDEX_SCRIPT = "try{if(localStorage.getItem('vbo.token'))document.head.append('preload')}catch{}"
const LOGIN_SCRIPT = "if(localStorage.getItem('vbo.token'))location.replace('/home')"
const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`

let dist: string
let app: Hono

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'vbo-dist-'))
  mkdirSync(join(dist, 'assets'))
  writeFileSync(join(dist, 'index.html'), `<!doctype html><head><script>${INDEX_SCRIPT}</script></head><div id="root"></div>`)
  writeFileSync(join(dist, 'login.html'), `<!doctype html><head><script>${LOGIN_SCRIPT}</script></head><form></form>`)
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("app")')
  app = (await makeApp()).app
  mountPwa(app, dist)
})
afterAll(() => rmSync(dist, { recursive: true, force: true }))

const navigate = (path: string) => app.request(path, { headers: { 'sec-fetch-mode': 'navigate', accept: 'text/html' } })
const scriptSources = (res: Response) =>
  res.headers
    .get('content-security-policy')!
    .split('; ')
    .find((directive) => directive.startsWith('script-src'))

describe('inline scripts of the built pages', () => {
  it('an app route and /index.html allow index.html’s script by its hash, and only it', async () => {
    for (const res of [await navigate('/home'), await app.request('/index.html')]) {
      expect(res.status).toBe(200)
      expect(scriptSources(res)).toBe(`script-src 'self' ${hashOf(INDEX_SCRIPT)}`)
    }
  })

  it('`/` and /login.html allow the login page’s script, not index.html’s', async () => {
    for (const res of [await navigate('/'), await app.request('/login.html')]) {
      expect(res.status).toBe(200)
      expect(scriptSources(res)).toBe(`script-src 'self' ${hashOf(LOGIN_SCRIPT)}`)
    }
  })

  it('everything else keeps the policy without inline scripts', async () => {
    expect(scriptSources(await app.request('/assets/index-abc123.js'))).toBe("script-src 'self'")
    expect(scriptSources(await app.request('/api/nothing-here'))).toBe("script-src 'self'")
  })
})
