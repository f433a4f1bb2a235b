import { useMutation, useQueryClient } from '@tanstack/react-query'

import { wipeLocalData } from './local-data'
import { getSession } from './session'
import { flushSignOuts, queueSignOut } from './sign-out-outbox'

/**
 * Signs out: the device is wiped at once, online or not, and the token goes to the sign-out outbox, which revokes
 * it on the server now or as soon as the device is back online (docs/decisions/085).
 */
export function useLogout() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => {
      const token = getSession()?.token
      if (token) queueSignOut(token)
      return { message: '', data: null }
    },
    onSettled: async () => {
      await wipeLocalData(queryClient)
      await flushSignOuts()
    },
    meta: { successToast: false, errorToast: false },
  })
}
