import { serverModeEndpoints } from '#contract/server-mode'

import { api } from './api'

/*
 * A staging server (production mode with a simulated bank, decision 153) says so on every screen: the app's, and
 * the prerendered login page, which runs no React. So the banner is plain DOM above both, drawn by one function
 * both call. The answer is remembered on the device so the banner is there from the first paint of the next
 * start (and offline); the server's answer, cached by the browser for five minutes, then confirms or removes it.
 */

export const STAGING_BANNER_TEXT = 'Staging server: the bank is simulated, no real money moves'

const REMEMBERED = 'vbo.staging-server'
const ID = 'staging-banner'

function draw(staging: boolean): void {
  const drawn = document.getElementById(ID)
  if (!staging) return void drawn?.remove()
  if (drawn) return
  const banner = document.createElement('div')
  banner.id = ID
  banner.setAttribute('role', 'note')
  banner.textContent = STAGING_BANNER_TEXT
  // Inline: the login page's critical CSS holds only what its prerender drew, and this must look the same on both.
  Object.assign(banner.style, {
    background: '#7c2d12',
    color: '#fff7ed',
    font: '600 13px/1.35 system-ui, sans-serif',
    textAlign: 'center',
    padding: '6px 12px',
  })
  document.body.prepend(banner)
}

function remembered(): boolean {
  try {
    return localStorage.getItem(REMEMBERED) === '1'
  } catch {
    return false
  }
}

function remember(staging: boolean): void {
  try {
    if (staging) localStorage.setItem(REMEMBERED, '1')
    else localStorage.removeItem(REMEMBERED)
  } catch {
    // Storage refused (private mode): the banner still shows once the answer comes.
  }
}

/** Draws the banner from what this device remembers, then from the server's answer. Never throws. */
export async function showStagingBanner(): Promise<void> {
  draw(remembered())
  try {
    const { data } = await api(serverModeEndpoints.serverMode)
    remember(data.staging)
    draw(data.staging)
  } catch {
    // Offline or unreachable: what was remembered stays.
  }
}
