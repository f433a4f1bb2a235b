import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm'

import type { Permission } from '#contract/permissions'
import type { TeamMember } from '#contract/team'

import { nationalNumber, smsAddress } from '../auth/phone'
import { newSessionToken, sha256 } from '../auth/secrets'
import { type Auth, effectivePermissions } from '../auth/sessions'
import { type Clock, DAY_MS } from '../clock'
import type { Db } from '../db/client'
import { isUniqueViolation } from '../db/errors'
import { users, vendors } from '../db/schema'
import { invitations } from '../db/team-schema'
import type { AppDeps } from '../deps'
import { ApiError, describeError } from '../errors'
import { validationError } from '../http/register'
import { sentOrStillTrying } from '../messages/durable-notifier'
import { invitationMessage } from '../messages/texts'
import type { Notification } from '../notifier'
import { ensureCanGrant, lockMember, teamMember } from './members'

/*
 * Inviting a member (decision 043): an `invited` users row without a password, and a code in a link. The code is
 * 32 random bytes (as guessable as a session token), only its sha256 is stored, it works once and for 7 days,
 * and a resend revokes the previous one in the same transaction. Messages go out after commit, so a refused or
 * rolled-back invitation never reaches anybody.
 */

export const INVITE_TTL_DAYS = 7

export const emailTaken = () =>
  new ApiError(409, 'EMAIL_TAKEN', 'This email is already used by another account', {
    issues: [{ path: 'email', message: 'is already used by another account' }],
  })

export const phoneTaken = () =>
  new ApiError(409, 'PHONE_TAKEN', 'This phone number already belongs to a member of your team or an invitation', {
    issues: [{ path: 'phone', message: 'already belongs to a member of your team or an invitation' }],
  })

/**
 * Whether someone of this vendor, invited or active, already has the phone (compared by its 10 national digits,
 * however it was stored). An inactive member's phone may be invited again: they left. Phones have no unique
 * index (an owner's phone may also be a member's elsewhere), so the caller serialises on the vendor row.
 */
export async function phoneInTeam(tx: Db, vendorId: string, national: string): Promise<boolean> {
  const rows = await tx
    .select({ phone: users.phone })
    .from(users)
    .where(and(eq(users.vendorId, vendorId), inArray(users.status, ['invited', 'active']), isNotNull(users.phone)))
  return rows.some((row) => nationalNumber(row.phone) === national)
}

export async function emailInUse(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email))
  return row !== undefined
}

/** Revokes the member's live code, if any. Call with the member's row locked (lockMember). */
export async function revokeLiveInvitation(tx: Db, clock: Clock, member: { vendorId: string; id: string }) {
  await tx
    .update(invitations)
    .set({ revokedAt: clock.now() })
    .where(
      and(
        eq(invitations.vendorId, member.vendorId),
        eq(invitations.userId, member.id),
        isNull(invitations.consumedAt),
        isNull(invitations.revokedAt),
      ),
    )
}

/** Stores a new live code for the member and answers the code itself (which is never stored). */
async function issueInvitation(tx: Db, clock: Clock, member: { vendorId: string; id: string }, invitedBy: string) {
  const code = newSessionToken()
  const now = clock.now()
  await tx.insert(invitations).values({
    vendorId: member.vendorId,
    userId: member.id,
    invitedBy,
    codeHash: sha256(code),
    expiresAt: new Date(now.getTime() + INVITE_TTL_DAYS * DAY_MS),
    createdAt: now,
  })
  return code
}

/** The app's /invite/$code page, on the origin the inviter's request came to (or PUBLIC_URL). */
const inviteLink = (origin: string, code: string) => `${origin}/invite/${code}`

interface Invitee {
  name: string
  phone: string | null
  email: string | null
}

/**
 * SMS to the phone, and an email too when there is one. Answers whether every message went: the invitation is
 * saved either way (the inviter can resend), so a provider failure is logged and told, not turned into an error.
 */
async function sendInvitation(deps: AppDeps, auth: Auth, invitee: Invitee, link: string, code: string) {
  const { subject, text } = invitationMessage({
    business: auth.vendor.name,
    inviter: auth.user.name,
    invitee: invitee.name,
    link,
    days: INVITE_TTL_DAYS,
  })
  const national = nationalNumber(invitee.phone)
  // Not sent after the link's last day, if the provider is down that long (decision 150).
  const expiresAt = new Date(deps.clock.now().getTime() + INVITE_TTL_DAYS * DAY_MS)
  const messages: Notification[] = [
    ...(national
      ? [{ channel: 'sms' as const, to: smsAddress(national), subject, text, code, expiresAt, purpose: 'invitation' as const }]
      : []),
    ...(invitee.email
      ? [{ channel: 'email' as const, to: invitee.email, subject, text, code, expiresAt, purpose: 'invitation' as const }]
      : []),
  ]
  let sent = true
  for (const message of messages) {
    // A try still running past the wait will arrive: "please use Resend invite" would revoke the link it carries.
    const went = await sentOrStillTrying(deps.notifier, message, (error) =>
      deps.logger.error(`[team] could not send an invitation by ${message.channel}:`, describeError(error)),
    )
    if (!went) sent = false
  }
  return sent
}

const sentMessage = (sent: boolean, name: string) =>
  sent ? `Invitation sent to ${name}` : `The invitation to ${name} was saved but could not be sent, please use Resend invite`

export interface NewInvite {
  name: string
  phone: string
  email?: string | null
  permissions: Permission[]
}

export async function inviteMember(deps: AppDeps, auth: Auth, input: NewInvite, origin: string) {
  const national = nationalNumber(input.phone)
  if (!national) {
    throw validationError([{ path: 'phone', message: 'must be a Nigerian mobile number, e.g. 08031234567' }])
  }
  ensureCanGrant(auth, input.permissions, 'grant')
  const email = input.email ?? null
  if (email && (await emailInUse(deps.db, email))) throw emailTaken()
  let created: { member: TeamMember; code: string }
  try {
    created = await deps.db.transaction(async (tx) => {
      // Two invitations of one phone at once: the second waits here, then sees the first's row. NO KEY UPDATE, not
      // UPDATE: it still queues these against each other, but lets payments insert rows that reference the vendor.
      await tx.select({ id: vendors.id }).from(vendors).where(eq(vendors.id, auth.vendorId)).for('no key update')
      if (await phoneInTeam(tx, auth.vendorId, national)) throw phoneTaken()
      const [user] = await tx
        .insert(users)
        .values({
          vendorId: auth.vendorId,
          name: input.name,
          email,
          // Stored as people write it at home, whichever way it was typed.
          phone: `0${national}`,
          passwordHash: null,
          role: 'member',
          permissions: input.permissions,
          status: 'invited',
        })
        .returning()
      const code = await issueInvitation(tx, deps.clock, user!, auth.userId)
      return { member: await teamMember(tx, auth.vendorId, user!.id), code }
    })
  } catch (error) {
    // Two invitations racing for one email: the unique index lets one in.
    if (email && isUniqueViolation(error) && (await emailInUse(deps.db, email))) throw emailTaken()
    throw error
  }
  const { member, code } = created
  const sent = await sendInvitation(deps, auth, member, inviteLink(origin, code), code)
  return { data: member, message: sentMessage(sent, member.name) }
}

/** A new code for a member who has not accepted yet; the old code answers 410 INVITE_REVOKED from now on. */
export async function resendInvite(deps: AppDeps, auth: Auth, memberId: string, origin: string) {
  const { member, code } = await deps.db.transaction(async (tx) => {
    const user = await lockMember(tx, auth.vendorId, memberId)
    if (user.status === 'active') {
      throw new ApiError(409, 'ALREADY_JOINED', 'This member has already accepted the invitation')
    }
    if (user.status === 'inactive') {
      throw new ApiError(409, 'MEMBER_INACTIVE', 'This member is inactive, activate them first')
    }
    ensureCanGrant(auth, effectivePermissions(user), 'manage')
    await revokeLiveInvitation(tx, deps.clock, user)
    const issued = await issueInvitation(tx, deps.clock, user, auth.userId)
    return { member: await teamMember(tx, auth.vendorId, user.id), code: issued }
  })
  const sent = await sendInvitation(deps, auth, member, inviteLink(origin, code), code)
  return { data: member, message: sentMessage(sent, member.name) }
}
