import type { catalogueCsvEndpoints } from '#contract/catalogue-csv'

import { bulkEditProducts } from '../catalogue/bulk-edit'
import { exportCatalogue } from '../catalogue/csv-export'
import { checkImport, importCatalogue } from '../catalogue/csv-import'
import { describeError } from '../errors'
import type { HandlersFor } from '../http/types'

/** The catalogue in and out by CSV, and the products list's bulk edit (decision 177). */
export const catalogueCsvHandlers: HandlersFor<typeof catalogueCsvEndpoints> = {
  async exportCatalogue({ auth, db, deps }) {
    return exportCatalogue(db, auth.vendorId, {
      now: deps.clock.now(),
      onError: (error) => deps.logger.error('[api] exportCatalogue failed mid-file:', describeError(error)),
    })
  },

  async checkCatalogueImport({ auth, body, db }) {
    const data = await checkImport(db, auth.vendorId, body.csv)
    return { data, message: 'Nothing was imported yet: check what the import will do' }
  },

  async importCatalogue({ auth, body, deps }) {
    const data = await importCatalogue(deps, auth.vendorId, body.csv)
    return { data, message: `Imported: ${data.created} added, ${data.updated} updated` }
  },

  async bulkEditProducts({ auth, body, deps }) {
    const data = await bulkEditProducts(deps, auth.vendorId, body)
    return { data, message: data.updated === 1 ? '1 product updated' : `${data.updated} products updated` }
  },
}
