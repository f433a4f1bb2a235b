import type { Context } from 'hono'

import type { domainEndpoints } from '#contract/domains'

import type { AppDeps } from '../deps'
import { checkDomain, connectDomain, myDomains, type PlatformHosts, removeDomain, verifyDomain } from '../domains/domains'
import { publicOrigin } from '../http/public-origin'
import type { HandlersFor } from '../http/types'

/*
 * Settings → Domains (issue 7, decision 063). Our own names: PUBLIC_URL's host first (the CNAME target), and the
 * host this request came to. The request's Host alone is not trusted to name the platform when PUBLIC_URL is set.
 */
function platformOf({ deps, c }: { deps: AppDeps; c: Context }): PlatformHosts {
  const request = new URL(c.req.url).hostname
  return deps.publicUrl ? [new URL(deps.publicUrl).hostname, request] : [request]
}
const platformHost = (ctx: { deps: AppDeps; c: Context }) => platformOf(ctx)[0]!

export const domainHandlers: HandlersFor<typeof domainEndpoints> = {
  async checkDomain(ctx) {
    return { data: await checkDomain(ctx.db, ctx.auth.vendorId, ctx.query.domain, platformOf(ctx)) }
  },

  async myDomains(ctx) {
    return { data: await myDomains(ctx.db, ctx.auth.vendorId, publicOrigin(ctx)) }
  },

  async connectDomain(ctx) {
    const data = await connectDomain(ctx.deps, ctx.auth.vendorId, ctx.body.domain, platformOf(ctx))
    return { data, message: `${data.domain} is connected. Add the DNS records, then check them` }
  },

  async verifyDomain(ctx) {
    return verifyDomain(ctx.deps, ctx.auth.vendorId, ctx.body.id, platformHost(ctx))
  },

  async removeDomain(ctx) {
    await removeDomain(ctx.db, ctx.auth.vendorId, ctx.query.id)
    return { data: null, message: 'Domain removed' }
  },
}
