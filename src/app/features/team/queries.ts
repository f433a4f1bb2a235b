import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'

import { api } from '#app/lib/api'
import { wipeLocalData } from '#app/lib/local-data'
import { type MemberListFilters, queryKeys } from '#app/lib/query-keys'
import { getSession, startSession } from '#app/lib/session'
import { authEndpoints } from '#contract/auth'
import type { BodyInput } from '#contract/endpoint'
import { teamEndpoints } from '#contract/team'

export const memberListQuery = (filters: MemberListFilters) =>
  queryOptions({
    queryKey: queryKeys.team.list(filters),
    queryFn: async ({ signal }) => (await api(teamEndpoints.listMembers, { query: filters, signal })).data,
    // The page on screen stays while the next one loads, so paging and searching never blank the list.
    placeholderData: keepPreviousData,
  })

/** The invitee's view of an invitation; its key is never persisted (a public page, docs/decisions/031). */
export const inviteDetailsQuery = (inviteCode: string) =>
  queryOptions({
    queryKey: queryKeys.invite(inviteCode),
    queryFn: async ({ signal }) => (await api(teamEndpoints.inviteDetails, { query: { inviteCode }, signal })).data,
    // The page itself says why an invitation cannot be used (expired, used, replaced).
  })

/**
 * A member changed: the team's lists, and the outlets' member lists, which show the same people (another area's
 * key; that is why).
 */
function useMemberChanged() {
  const queryClient = useQueryClient()
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.team.lists() })
    void queryClient.invalidateQueries({ queryKey: queryKeys.outlets.memberLists() })
  }
}

/** Invite Team Member. A refused field (a phone already on the team) goes under it, so the global toast is off. */
export function useInviteMember() {
  const onSuccess = useMemberChanged()
  return useMutation({
    mutationFn: (body: BodyInput<typeof teamEndpoints.inviteMember>) => api(teamEndpoints.inviteMember, { body }),
    meta: { errorToast: false },
    onSuccess,
  })
}

export function useResendInvite() {
  const onSuccess = useMemberChanged()
  return useMutation({
    mutationFn: (memberId: string) => api(teamEndpoints.resendInvite, { body: { memberId } }),
    onSuccess,
  })
}

export function useSetMemberStatus() {
  const onSuccess = useMemberChanged()
  return useMutation({
    mutationFn: (body: BodyInput<typeof teamEndpoints.setMemberStatus>) => api(teamEndpoints.setMemberStatus, { body }),
    onSuccess,
  })
}

export function useSetMemberPermissions() {
  const onSuccess = useMemberChanged()
  return useMutation({
    mutationFn: (body: BodyInput<typeof teamEndpoints.setMemberPermissions>) => api(teamEndpoints.setMemberPermissions, { body }),
    onSuccess,
  })
}

/**
 * Join with an invitation, then sign in with the session it answers, as login does. Someone already signed in on
 * this device is signed out first, the way Log out does it (docs/decisions/051): their token is revoked and
 * everything of theirs is wiped, so the new member starts on a clean device. The accept comes first, so a refused
 * invitation leaves the current user signed in.
 */
export function useAcceptInvite() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: BodyInput<typeof teamEndpoints.acceptInvite>) => api(teamEndpoints.acceptInvite, { body }),
    // A refusal is shown on the page (under a field, or as the invitation's state).
    meta: { errorToast: false },
    onSuccess: async ({ data }) => {
      const previous = getSession()
      if (previous) {
        await wipeLocalData(queryClient)
        // Sent with no session held, so a 401 for an already dead token cannot sign the new member out.
        await api(authEndpoints.logout, { headers: { Authorization: `Bearer ${previous.token}` } }).catch(() => undefined)
      }
      await startSession(queryClient, data)
    },
  })
}
