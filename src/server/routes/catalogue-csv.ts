import type { catalogueCsvEndpoints } from '#contract/catalogue-csv'

import { bulkEditProducts, type BulkEditResult } from '../catalogue/bulk-edit'
import { exportCatalogue } from '../catalogue/csv-export'
import { checkImport, importCatalogue } from '../catalogue/csv-import'
import { stockScope } from '../catalogue/locations'
import { describeError } from '../errors'
import type { HandlersFor } from '../http/types'

/**
 * The catalogue in and out by CSV, and the products list's bulk edit (decision 177). The file's units are the
 * locations the caller sees and may change (decision 187), as on the product page and PATCH /product/stock.
 */
export const catalogueCsvHandlers: HandlersFor<typeof catalogueCsvEndpoints> = {
  async exportCatalogue({ auth, db, deps }) {
    return exportCatalogue(db, auth.vendorId, await stockScope(db, auth), {
      now: deps.clock.now(),
      onError: (error) => deps.logger.error('[api] exportCatalogue failed mid-file:', describeError(error)),
    })
  },

  async checkCatalogueImport({ auth, body, db }) {
    const data = await checkImport(db, auth.vendorId, await stockScope(db, auth), body.csv)
    return { data, message: 'Nothing was imported yet: check what the import will do' }
  },

  async importCatalogue({ auth, body, deps }) {
    const data = await importCatalogue(deps, auth.vendorId, await stockScope(deps.db, auth), body.csv)
    return { data, message: `Imported: ${data.created} added, ${data.updated} updated` }
  },

  async bulkEditProducts({ auth, body, deps, answerWithEffect }) {
    // Its answer is stored with the change (decision 196): a retry after a crash replays it rather than raising twice.
    const edited = (data: BulkEditResult) => ({
      data,
      message: data.updated === 1 ? '1 product updated' : `${data.updated} products updated`,
    })
    return edited(await bulkEditProducts(deps, auth.vendorId, body, (tx, result) => answerWithEffect(tx, edited(result))))
  },
}
