import type { AppDeps } from '../deps'
import { apiKeyCreatedMessage, newDeviceSignInMessage, pinChangedMessage } from '../messages/texts'
import { byEmail, bySms, findOwner, sendNotices } from '../notices'
import type { RateLimitRule } from '../rate-limit'
import { deviceSummary } from './user-agent'

/*
 * Notices that tell a person something happened to their account (issue 37): the transaction PIN changed, a
 * sign-in from a browser the server did not know. Sent after the change has committed; a provider failure is
 * logged, never answered, since the change stands either way.
 */

type Deps = Pick<AppDeps, 'notifier' | 'logger' | 'clock' | 'rateLimiter'>

interface Person {
  id: string
  role: 'owner' | 'member'
  email: string | null
  phone: string | null
}

/** After a PIN was changed or reset: the person, by SMS and e-mail, whoever they are. */
export async function tellPinChanged(deps: Deps, person: Person, business: string): Promise<void> {
  const message = pinChangedMessage(business, deps.clock.now())
  await sendNotices(deps, [...bySms(person, message), ...byEmail(person, message)], { tag: 'auth', what: 'PIN change' })
}

/**
 * One notice per browser and user in this window: a double tap on Sign in from a new browser makes two sessions
 * and two device rows (both logins read "unknown" before either remembered it), and must still tell the person once.
 * A shared counter through the rate limiter (Redis with several processes), keyed by the device as summarised.
 */
const NEW_DEVICE_NOTICE: RateLimitRule = { name: 'new-device-notice', limit: 1, windowMs: 10 * 60_000, onOutage: 'local' }

/** After a sign-in from a browser that carried no device cookie of this user: e-mail, and SMS to the owner too. */
export async function tellNewDeviceSignIn(deps: Deps, person: Person, business: string, userAgent: string | undefined): Promise<void> {
  const device = deviceSummary(userAgent)
  const first = await deps.rateLimiter.hit(NEW_DEVICE_NOTICE, `${person.id}:${device}`)
  if (!first.allowed) return
  const message = newDeviceSignInMessage(business, deps.clock.now(), device)
  // The owner holds every permission, money included: a text reaches them even when e-mail is read late.
  await sendNotices(deps, [...byEmail(person, message), ...(person.role === 'owner' ? bySms(person, message) : [])], {
    tag: 'auth',
    what: 'new sign-in',
  })
}

/**
 * After an API key was made: the owner, by SMS and e-mail, whoever made it. A key outlives sign-out, so a key made
 * from a borrowed session must not go unnoticed (decision 168).
 */
export async function tellApiKeyCreated(
  deps: Deps & Pick<AppDeps, 'db'>,
  vendorId: string,
  business: string,
  key: { name: string; what: string; by: string },
): Promise<void> {
  const owner = await findOwner(deps.db, vendorId)
  if (!owner) return
  const message = apiKeyCreatedMessage(business, key, deps.clock.now())
  await sendNotices(deps, [...bySms(owner, message), ...byEmail(owner, message)], { tag: 'auth', what: 'API key' })
}
