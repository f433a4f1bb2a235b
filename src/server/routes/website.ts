import type { websiteEndpoints } from '#contract/website'

import { publicOrigin } from '../http/public-origin'
import type { HandlersFor } from '../http/types'
import { getWebsite, updateWebsite } from '../website/website'

/* Settings → Website (issue 7): the shop's look; the URL is changed by PATCH /vendor/shop/url. */
export const websiteHandlers: HandlersFor<typeof websiteEndpoints> = {
  async website(ctx) {
    return { data: await getWebsite(ctx.db, ctx.auth.vendorId, publicOrigin(ctx)) }
  },

  async updateWebsite(ctx) {
    return updateWebsite(ctx.deps, ctx.auth, ctx.body, publicOrigin(ctx))
  },
}
