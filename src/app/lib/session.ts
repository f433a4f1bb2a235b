import type { QueryClient } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'

import type { User } from '#contract/auth'

import { startOutbox } from './outbox'
import { startPersistence } from './persister'
import { queryKeys } from './query-keys'

/**
 * The signed-in session lives in localStorage so a reload (or an offline start) keeps the user signed in.
 * Only the opaque token and the user are kept; nothing about other users ever is, because sign-out and a
 * 401 wipe localStorage whole (SPEC §4, a shared outlet tablet).
 */
const TOKEN_KEY = 'vbo.token'
const USER_KEY = 'vbo.user'

export interface Session {
  token: string
  user: User
}

const listeners = new Set<() => void>()
let cached: { raw: string | null; session: Session | null } = { raw: null, session: null }

function read(): Session | null {
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
  return read()
}

export function setSession(session: Session): void {
  localStorage.setItem(TOKEN_KEY, session.token)
  localStorage.setItem(USER_KEY, JSON.stringify(session.user))
  emit()
}

/**
 * Signs in with a session the server answered: login and accepting an invitation both end here. Whatever an
 * earlier user left in memory must not leak into this session; then this user's own offline cache is restored.
 */
export async function startSession(queryClient: QueryClient, session: Session): Promise<void> {
  queryClient.clear()
  setSession({ token: session.token, user: session.user })
  queryClient.setQueryData(queryKeys.me, session.user)
  await startPersistence(queryClient, session.user.id)
  void startOutbox(queryClient, session.user.id)
}

/** Clears all of localStorage, not just our keys: anything a screen stored there belongs to this user too. */
export function clearSession(): void {
  localStorage.clear()
  emit()
}

function emit() {
  for (const l of listeners) l()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  const onStorage = () => listener()
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, read, () => null)
}
