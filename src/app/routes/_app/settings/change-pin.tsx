import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'

import { ChangePinSheet } from '#app/features/pin/components/change-pin-sheet'
import { useCloseTo } from '#app/lib/navigation'

export const Route = createFileRoute('/_app/settings/change-pin')({
  // ?forgot=true: the current PIN is forgotten or locked, so step 1 asks for the account password instead.
  validateSearch: v.object({ forgot: v.optional(v.fallback(v.boolean(), false), false) }),
  component: ChangePinRoute,
})

function ChangePinRoute() {
  const { forgot } = Route.useSearch()
  const close = useCloseTo({ to: '/settings', search: { tab: 'security' } })
  return <ChangePinSheet mode={forgot ? 'forgot' : 'change'} onClose={close} />
}
