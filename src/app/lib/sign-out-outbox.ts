import { authEndpoints } from '#contract/auth'

import { API_URL } from './api'

/*
 * Signing out ends the session on the server even when the device is offline (docs/decisions/085). Sign-out
 * wipes the device at once, but the token stays valid until the server hears of it. So the token to revoke, and
 * nothing else of the user, waits here until it can be sent: right after the wipe, whenever the browser comes back
 * online, and at the next start. It is the one thing in localStorage that outlives the wipe.
 */
export const SIGN_OUT_OUTBOX_KEY = 'vbo.sign-out-outbox'
/** Sessions need a sign-in (online) to exist, so more than a few waiting here means something else went wrong. */
const MAX_WAITING = 5

function waiting(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(SIGN_OUT_OUTBOX_KEY) ?? '[]')
    return Array.isArray(value) ? value.filter((token): token is string => typeof token === 'string') : []
  } catch {
    return []
  }
}

function save(tokens: string[]): void {
  if (tokens.length === 0) localStorage.removeItem(SIGN_OUT_OUTBOX_KEY)
  else localStorage.setItem(SIGN_OUT_OUTBOX_KEY, JSON.stringify(tokens.slice(-MAX_WAITING)))
}

/** Written before the server is asked, so closing the tab mid-request cannot lose the revocation. */
export function queueSignOut(token: string): void {
  save([...waiting().filter((waitingToken) => waitingToken !== token), token])
}

/** Runs a wipe of localStorage that keeps the outbox: it holds no data of the user, only what must reach the server. */
export function keepingSignOuts(wipe: () => void): void {
  const kept = localStorage.getItem(SIGN_OUT_OUTBOX_KEY)
  wipe()
  if (kept) localStorage.setItem(SIGN_OUT_OUTBOX_KEY, kept)
}

let flushing: Promise<void> | null = null

const nextUntried = (tried: Set<string>) => waiting().find((token) => !tried.has(token))

/**
 * Sends every waiting revocation. A token leaves the outbox once the server answered for it: 200 (revoked) or
 * 401 (already dead: expired, or revoked elsewhere). A network failure or a server error keeps it for the next
 * try. A plain fetch, not api(): a 401 here is about an old token and must not sign out whoever is signed in now.
 * The outbox is read again after each token: a sign-out while a flush is under way joins that flush, so its token
 * must be picked up there, not left for an 'online' event that an online device never fires.
 */
export function flushSignOuts(): Promise<void> {
  flushing ??= (async () => {
    const tried = new Set<string>()
    for (let token = nextUntried(tried); token !== undefined; token = nextUntried(tried)) {
      tried.add(token)
      let status: number
      try {
        const response = await fetch(`${API_URL}${authEndpoints.logout.path}`, {
          method: authEndpoints.logout.method,
          headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
        })
        status = response.status
      } catch {
        return
      }
      if (status < 300 || status === 401) save(waiting().filter((waitingToken) => waitingToken !== token))
    }
  })().finally(() => {
    flushing = null
  })
  return flushing
}

let started = false

/** At start: send what an earlier offline sign-out left, and again whenever the browser is back online. */
export function startSignOutOutbox(): void {
  if (started) return
  started = true
  window.addEventListener('online', () => void flushSignOuts())
  void flushSignOuts()
}
