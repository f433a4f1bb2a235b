import type { storefrontEndpoints } from '#contract/storefront'

import type { HandlersFor } from '../http/types'
import { storefront } from '../storefront/storefront'

export const storefrontHandlers: HandlersFor<typeof storefrontEndpoints> = {
  async storefront({ db, query }) {
    return { data: await storefront(db, query.url, query) }
  },
}
