import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'

import { showStagingBanner, STAGING_BANNER_TEXT } from '#app/lib/staging-banner'
import { serverModeEndpoints } from '#contract/server-mode'

import { ok, route, server, useAppHarness } from '../harness'

/*
 * Issue 37: a staging server says so on every screen (decision 153). The banner is plain DOM above the page, drawn
 * by the app and by the prerendered login page alike, from GET /api/server-mode and what this device remembers.
 */

useAppHarness()

const banner = () => document.getElementById('staging-banner')
const answer = (staging: boolean) => server.use(http.get(route(serverModeEndpoints.serverMode), () => ok({ staging })))

afterEach(() => {
  banner()?.remove()
  localStorage.clear()
})

describe('the staging banner', () => {
  it('shows the exact words on a staging server, once, above the page', async () => {
    answer(true)
    await showStagingBanner()
    await showStagingBanner()
    expect(document.querySelectorAll('#staging-banner')).toHaveLength(1)
    expect(banner()!.textContent).toBe('Staging server: the bank is simulated, no real money moves')
    expect(STAGING_BANNER_TEXT).toBe(banner()!.textContent)
    expect(document.body.firstElementChild).toBe(banner())
  })

  it('is not drawn on a live server, and goes once the server says it is no longer staging', async () => {
    answer(false)
    await showStagingBanner()
    expect(banner()).toBeNull()
    answer(true)
    await showStagingBanner()
    expect(banner()).not.toBeNull()
    answer(false)
    await showStagingBanner()
    expect(banner()).toBeNull()
  })

  it('is drawn from memory before the answer, and stays when the server cannot be reached', async () => {
    answer(true)
    await showStagingBanner()
    banner()!.remove()
    server.use(http.get(route(serverModeEndpoints.serverMode), () => HttpResponse.error()))
    const showing = showStagingBanner()
    expect(banner()).not.toBeNull()
    await showing
    expect(banner()!.textContent).toBe(STAGING_BANNER_TEXT)
  })
})
