import type { creditNoteEndpoints } from '#contract/credit-notes'

import type { HandlersFor } from '../http/types'
import { creditNotePdf } from '../orders/credit-note-pdf'

export const creditNoteHandlers: HandlersFor<typeof creditNoteEndpoints> = {
  async creditNotePdf({ auth, db, deps, query }) {
    return creditNotePdf(db, deps.storage, auth.vendorId, query.number, deps.clock.now())
  },
}
