import type { QueryClient } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'

import { startOutbox } from './outbox'
import { startPersistence } from './persister'
import { queryKeys } from './query-keys'
import { readSession, type Session, setSession, subscribeSession } from './session-store'

export { clearSession, getSession, type Session, setSession } from './session-store'

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

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, readSession, () => null)
}
