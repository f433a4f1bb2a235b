import type { stockEndpoints } from '#contract/stock'

import { orderLocations } from '../catalogue/locations'
import { listStockTransfers, setLocationStock, transferStock } from '../catalogue/stock-transfers'
import { publicOrigin } from '../http/public-origin'
import type { HandlersFor } from '../http/types'

export const stockHandlers: HandlersFor<typeof stockEndpoints> = {
  async setLocationStock(ctx) {
    const data = await setLocationStock(ctx.deps, ctx.auth, ctx.body, publicOrigin(ctx))
    return { data, message: 'Stock updated' }
  },

  async transferStock(ctx) {
    const data = await transferStock(ctx.deps, ctx.auth, ctx.body)
    const units = data.quantity === 1 ? '1 unit' : `${data.quantity} units`
    return { data, message: `Moved ${units} from ${data.from.name} to ${data.to.name}` }
  },

  async listStockTransfers({ auth, db, query }) {
    return { data: await listStockTransfers(db, auth, query) }
  },

  async orderLocations({ auth, db }) {
    return { data: await orderLocations(db, auth) }
  },
}
