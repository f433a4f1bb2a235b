import { createHash, timingSafeEqual } from 'node:crypto'

import { OPERATOR_KEY_HEADER, type operatorEndpoints } from '#contract/operator'

import { ApiError } from '../errors'
import { clientIp } from '../http/client-ip'
import type { Guard, HandlersFor } from '../http/types'
import { tryVirtualAccounts } from '../money/virtual-accounts'
import { listVendors, setVendorStatus } from '../onboarding/admin'
import { ensureNotLimited, LIMITS } from '../rate-limit'

const digest = (text: string) => createHash('sha256').update(text).digest()

/** The operator's calls answer only to the operator key; without a configured key they do not exist. */
export const verifyOperatorKey: Guard = async (c, deps) => {
  if (!deps.operatorKey) throw new ApiError(404, 'NOT_FOUND', `No such endpoint: ${c.req.method} ${c.req.path}`)
  const ip = clientIp(c, deps.trustProxy)
  await ensureNotLimited(deps.rateLimiter, LIMITS.operatorKeyFailuresPerIp, ip)
  const given = c.req.header(OPERATOR_KEY_HEADER) ?? ''
  // Compared as digests: equal length whatever was sent, and in constant time.
  if (!timingSafeEqual(digest(given), digest(deps.operatorKey))) {
    await deps.rateLimiter.hit(LIMITS.operatorKeyFailuresPerIp, ip)
    throw new ApiError(401, 'INVALID_OPERATOR_KEY', 'The X-Operator-Key header is missing or wrong')
  }
}

export const operatorHandlers: HandlersFor<typeof operatorEndpoints> = {
  async operatorVendors({ db, query }) {
    const rows = await listVendors(db, query.status)
    return { data: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) }
  },

  async operatorVendorStatus({ body, deps }) {
    const { newAccountJobs, ...change } = await setVendorStatus(deps.db, body.email, body.status, deps.notifier, deps.clock.now())
    // The main wallet's virtual account, asked once now; the queue's job asks again if the provider is down (142).
    await tryVirtualAccounts(deps, newAccountJobs)
    return { data: change, message: `${change.name}: ${change.from} → ${change.status}` }
  },
}
