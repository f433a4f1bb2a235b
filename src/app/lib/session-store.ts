import type { User } from '#contract/auth'

/**
 * The signed-in session lives in localStorage so a reload (or an offline start) keeps the user signed in.
 * Only the opaque token and the user are kept; nothing about other users ever is, because sign-out and a
 * 401 wipe localStorage whole (SPEC §4, a shared outlet tablet). No React and no persistence here: the
 * prerendered login page (decision 099) reads and writes the session through this module alone.
 */
export const TOKEN_KEY = 'vbo.token'
export const USER_KEY = 'vbo.user'

export interface Session {
  token: string
  user: User
}

const listeners = new Set<() => void>()
let cached: { raw: string | null; session: Session | null } = { raw: null, session: null }

export function readSession(): Session | null {
  const token = localStorage.getItem(TOKEN_KEY)
  const rawUser = localStorage.getItem(USER_KEY)
  const raw = token && rawUser ? `${token}\n${rawUser}` : null
  if (raw === cached.raw) return cached.session
  let session: Session | null = null
  if (token && rawUser) {
    try {
      session = { token, user: JSON.parse(rawUser) as User }
    } catch {
      session = null
    }
  }
  cached = { raw, session }
  return session
}

export function getSession(): Session | null {
  return readSession()
}

export function setSession(session: Session): void {
  localStorage.setItem(TOKEN_KEY, session.token)
  localStorage.setItem(USER_KEY, JSON.stringify(session.user))
  emit()
}

/** Clears all of localStorage, not just our keys: anything a screen stored there belongs to this user too. */
export function clearSession(): void {
  localStorage.clear()
  emit()
}

function emit() {
  for (const l of listeners) l()
}

export function subscribeSession(listener: () => void) {
  listeners.add(listener)
  const onStorage = () => listener()
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}
