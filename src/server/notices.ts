import { and, eq } from 'drizzle-orm'

import { nationalNumber, smsAddress } from './auth/phone'
import type { Db } from './db/client'
import { users } from './db/schema'
import type { Logger } from './deps'
import { describeError } from './errors'
import { MessageNotSent } from './messages/durable-notifier'
import type { MessageText } from './messages/texts'
import type { Notification, Notifier } from './notifier'

/*
 * Telling a person something that already happened (a PIN change, a new sign-in, a settlement change, a payment):
 * who the owner is, which channels a person can be reached on, and the sends themselves, shared by every notice.
 */

export interface Reachable {
  email: string | null
  phone: string | null
}

/** The vendor's one owner, as the notices reach them; undefined for a vendor without one (never in practice). */
export async function findOwner(db: Db, vendorId: string): Promise<({ id: string } & Reachable) | undefined> {
  const [owner] = await db
    .select({ id: users.id, email: users.email, phone: users.phone })
    .from(users)
    .where(and(eq(users.vendorId, vendorId), eq(users.role, 'owner')))
    .limit(1)
  return owner
}

export const bySms = (person: Reachable, message: MessageText, extra: Partial<Notification> = {}): Notification[] => {
  const national = nationalNumber(person.phone)
  return national ? [{ channel: 'sms', to: smsAddress(national), ...message, ...extra }] : []
}

export const byEmail = (person: Reachable, message: MessageText, extra: Partial<Notification> = {}): Notification[] =>
  person.email ? [{ channel: 'email', to: person.email, ...message, ...extra }] : []

export interface SendOptions {
  /** Names the notice in the log: `[banking] the settlement change notice by sms …`. */
  tag: string
  what: string
  /**
   * A failure other than MessageNotSent (the message never reached the queue) is thrown, for a job the queue should
   * retry; by default it is logged, for a change that stands whether or not the message goes.
   */
  throwUnqueued?: boolean
}

/**
 * Side by side: a slow provider holds the caller for one first try, not one per channel. MessageNotSent means the
 * message is in the durable queue and will be retried there: a note, not a failure, and never a reason to send again.
 */
export async function sendNotices(
  deps: { notifier: Notifier; logger: Logger },
  messages: Notification[],
  { tag, what, throwUnqueued = false }: SendOptions,
): Promise<void> {
  const outcomes = await Promise.allSettled(messages.map((message) => deps.notifier.send(message)))
  const unqueued: unknown[] = []
  outcomes.forEach((outcome, index) => {
    if (outcome.status === 'fulfilled') return
    const channel = messages[index]!.channel
    if (outcome.reason instanceof MessageNotSent) {
      deps.logger.warn(`[${tag}] the ${what} notice by ${channel} is queued for retries: ${outcome.reason.message}`)
    } else if (throwUnqueued) {
      unqueued.push(outcome.reason)
    } else {
      deps.logger.error(`[${tag}] could not send the ${what} notice by ${channel}:`, describeError(outcome.reason))
    }
  })
  if (unqueued.length === 1) throw unqueued[0]
  if (unqueued.length > 1) throw new AggregateError(unqueued, `The ${what} notice could not be queued`)
}
