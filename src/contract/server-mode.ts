import * as v from 'valibot'

import { endpoint } from './endpoint'

/*
 * What kind of server this is, for what every screen shows (issue 37, decision 153): a staging server runs in
 * production mode with a bank that moves no real money, and the app says so on every screen, signed in or not.
 */

export const serverModeEndpoints = {
  serverMode: endpoint({
    method: 'GET',
    path: '/server-mode',
    summary:
      'Whether this is a staging server (NODE_ENV=production with ALLOW_SANDBOX_BANK=1 and a simulated bank). Public; cached for five minutes.',
    access: 'public',
    response: v.object({ staging: v.boolean() }),
  }),
}

/** How long browsers may keep the answer: it changes only when the server is restarted with other settings. */
export const SERVER_MODE_MAX_AGE_SECONDS = 300
