import type { apiKeyEndpoints } from '#contract/api-keys'

import type { HandlersFor } from '../http/types'
import { listKeyCalls } from './calls'
import { createApiKey, listApiKeys, revokeApiKey, rotateApiKey } from './keys'

/** Settings → Developers (issue 40, decision 168). No key reaches these: they need a person (apiKeyScopeOf). */
export const apiKeyHandlers: HandlersFor<typeof apiKeyEndpoints> = {
  async listApiKeys({ auth, deps }) {
    return { data: await listApiKeys(deps.db, auth.vendorId, deps.clock.now()) }
  },

  async createApiKey({ auth, body, deps }) {
    return { data: await createApiKey(deps, auth, body), message: 'API key created. Copy it now: it is shown only once.' }
  },

  async rotateApiKey({ auth, body, deps }) {
    const data = await rotateApiKey(deps, auth, body, deps.clock.now())
    return { data, message: 'New secret made. Copy it now: it is shown only once.' }
  },

  async revokeApiKey({ auth, deps, query }) {
    await revokeApiKey(deps.db, auth.vendorId, query.id, deps.clock.now())
    return { data: null, message: 'API key revoked' }
  },

  async apiKeyCalls({ auth, deps, query }) {
    return { data: await listKeyCalls(deps.db, auth.vendorId, query) }
  },
}
