import { BackLink } from '#app/ui/detail-page'

import type { KindText } from '../kinds'

/** '← Orders' or '← Invoices', above an order page or a create form. */
export function BackToList({ kind }: { kind: KindText }) {
  // Two literal routes rather than one built path, so both stay type-checked against the route tree.
  return kind.kind === 'invoice' ? <BackLink to="/invoices">{kind.plural}</BackLink> : <BackLink to="/orders">{kind.plural}</BackLink>
}
