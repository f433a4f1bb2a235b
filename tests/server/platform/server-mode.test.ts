import { describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'

import { call, makeApp } from '../harness'

/* Issue 37: GET /api/server-mode, what the app's staging banner is drawn from (decision 153). */

describe('GET /api/server-mode', () => {
  it('says staging on a staging server, publicly and cached for five minutes', async () => {
    const t = await makeApp({ serverMode: { production: true, staging: true } })
    const res = await call(t.app, endpoints.serverMode)
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({ staging: true })
    expect(res.headers.get('cache-control')).toBe('public, max-age=300')
  })

  it('says not staging in development and on a live production server', async () => {
    for (const serverMode of [undefined, { production: true, staging: false }]) {
      const t = await makeApp({ serverMode })
      expect((await call(t.app, endpoints.serverMode)).body.data).toEqual({ staging: false })
    }
  })
})
