import type { QueryClient } from '@tanstack/react-query'

import { stopOutbox } from './outbox'
import { deletePersistedCaches } from './persister'
import { clearSession } from './session'
import { keepingSignOuts } from './sign-out-outbox'

/**
 * Forgets everything this browser knows about the signed-in user: the in-memory query cache, every persisted
 * cache and the outbox of unsent changes in IndexedDB and all of localStorage except the tokens an offline sign-out still has to revoke
 * (sign-out-outbox.ts). Sign-out and a lost session both come here, so the next person on a shared tablet sees
 * nothing of the last.
 */
export async function wipeLocalData(queryClient: QueryClient): Promise<void> {
  // Session first and synchronously: a burst of 401s then finds no session and does not sign out twice.
  keepingSignOuts(clearSession)
  // The outbox is the user's too: its items go with the IndexedDB store the next line clears.
  stopOutbox()
  const deleted = deletePersistedCaches().catch(() => undefined)
  queryClient.clear()
  await deleted
}
