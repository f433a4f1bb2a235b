import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { css, cx } from 'styled-system/css'
import { stack } from 'styled-system/patterns'
import { button } from 'styled-system/recipes'

import { errorMessage } from '#app/lib/api'
import { formatDate } from '#app/lib/dates'
import { queryKeys } from '#app/lib/query-keys'
import { useSession } from '#app/lib/session'
import { Card } from '#app/ui/card'
import { DetailList, DetailRow } from '#app/ui/detail-list'
import { Notice } from '#app/ui/notice'
import { PublicPage, VendorLine } from '#app/ui/public-page'
import { Skeleton } from '#app/ui/skeleton'
import type { InviteDetails } from '#contract/team'

import { inviteDetailsQuery } from '../queries'
import { AcceptInviteForm } from './accept-invite-form'
import { PermissionWords } from './permission-words'

const heading = css({ textStyle: 'title.lg' })
const muted = css({ textStyle: 'body.sm', color: 'fg.muted' })
const signInLink = cx(button({ variant: 'outline', size: 'md' }), css({ textDecoration: 'none' }))
const permissionsBlock = stack({ gap: '2', pt: '3' })

/** Someone is signed in on this device already: joining replaces them here (docs/decisions/051). */
function SignedInNotice({ invitee }: { invitee: string }) {
  const session = useSession()
  if (!session) return null
  return (
    <Notice icon="info">
      You are signed in as {session.user.name} ({session.user.email}). Joining signs that account out on this device and signs you in as{' '}
      {invitee}.
    </Notice>
  )
}

function Invitation({ code, details: d, onGone }: { code: string; details: InviteDetails; onGone: () => void }) {
  return (
    <>
      <VendorLine name={d.vendorName} />
      <div className={stack({ gap: '1' })}>
        <h1 className={heading}>Join {d.vendorName}</h1>
        <p className={muted}>
          {d.invitedBy} invited you to join {d.vendorName} as a team member.
        </p>
      </div>
      <Card title="Your invitation">
        <DetailList>
          <DetailRow label="Name">{d.name}</DetailRow>
          <DetailRow label="Phone">{d.phone}</DetailRow>
          {d.email ? <DetailRow label="Email">{d.email}</DetailRow> : null}
          <DetailRow label="Invited by">{d.invitedBy}</DetailRow>
          <DetailRow label="Valid until">{formatDate(d.expiresAt)}</DetailRow>
        </DetailList>
        <div className={permissionsBlock}>
          <p className={muted}>What you will be able to see and do</p>
          <PermissionWords permissions={d.permissions} />
        </div>
      </Card>
      <Card title="Set your password">
        <SignedInNotice invitee={d.name} />
        <AcceptInviteForm code={code} details={d} onGone={onGone} />
      </Card>
    </>
  )
}

/**
 * The invitee's page (/invite/$code, public): what the invitation offers, and a password to join with. An
 * invitation that expired, was used or was replaced by a resend says so in the server's words (410), as does an
 * unknown code (404), with a way to the sign-in page.
 */
export function InvitePage({ code }: { code: string }) {
  const queryClient = useQueryClient()
  const query = useQuery(inviteDetailsQuery(code))
  // Reset, not refetched: the page shows the dead invitation only once no details are held.
  const onGone = () => void queryClient.resetQueries({ queryKey: queryKeys.invite(code) })
  return (
    <PublicPage
      query={query}
      invalid={{
        title: 'This invitation cannot be used',
        text: errorMessage(query.error),
        action: (
          <Link to="/" className={signInLink}>
            Go to sign in
          </Link>
        ),
      }}
      failedTitle="Could not load this invitation"
      loading={
        <>
          <Skeleton height={32} />
          <Skeleton count={5} height={40} />
        </>
      }
    >
      {(details) => <Invitation code={code} details={details} onGone={onGone} />}
    </PublicPage>
  )
}
