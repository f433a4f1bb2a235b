import { SERVER_MODE_MAX_AGE_SECONDS, type serverModeEndpoints } from '#contract/server-mode'

import type { HandlersFor } from '../http/types'

export const serverModeHandlers: HandlersFor<typeof serverModeEndpoints> = {
  // Read at every screen's start: cheap (no query) and cached by the browser between starts.
  serverMode: async ({ deps }) => ({
    data: { staging: deps.serverMode.staging },
    headers: { 'Cache-Control': `public, max-age=${SERVER_MODE_MAX_AGE_SECONDS}` },
  }),
}
