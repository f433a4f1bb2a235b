import { lagosMinuteText } from '#contract/lagos-time'
import { nairaText } from '#contract/naira'

/*
 * The wording of every message the server sends a person (issue 37), in one place so they read alike: plain words,
 * the business's name (vendors.name, the name the owner registered and the storefront shows) so a person with two
 * shops, or a member of several, knows which one it is about, times in Lagos ("6 Dec 2026, 14:05 (Lagos time)"),
 * naira through nairaText. Call sites choose the channel and the recipient; these choose the words. An SMS gets the
 * same text as the e-mail, so each text is kept short enough for a few SMS pages.
 */

export interface MessageText {
  subject: string
  text: string
}

const lagos = (at: Date) => `${lagosMinuteText(at)} (Lagos time)`

/** What every security notice says after the facts: the one thing to do when it was not them. */
const NOT_YOU = 'If this was not you, change your password and your PIN in the app now, and tell the business owner.'

/** The phone verification code at registration, by SMS. */
export const phoneCodeMessage = (business: string, code: string, ttlMinutes: number): MessageText => ({
  subject: `${business}: verify your phone number`,
  text: `Your ${business} verification code is ${code}. It expires in ${ttlMinutes} minutes. Never share it with anyone.`,
})

/** The password reset code, by e-mail. */
export const passwordResetMessage = (business: string, code: string, ttlMinutes: number): MessageText => ({
  subject: `${business}: your password reset code`,
  text:
    `Your ${business} password reset code is ${code}. It expires in ${ttlMinutes} minutes. ` +
    'If you did not ask for it, ignore this message: your password stays as it is.',
})

/** The code that starts a PIN change or reset. */
export const pinChangeCodeMessage = (business: string, code: string, ttlMinutes: number): MessageText => ({
  subject: `${business}: your PIN change code`,
  text: `Your ${business} code to change your transaction PIN is ${code}. It expires in ${ttlMinutes} minutes. Never share it with anyone.`,
})

export interface InvitationFacts {
  business: string
  inviter: string
  invitee: string
  link: string
  days: number
}

/** An invitation to join the team, by SMS and e-mail. The link is the code; tests read it from "Open … within". */
export const invitationMessage = ({ business, inviter, invitee, link, days }: InvitationFacts): MessageText => ({
  subject: `${inviter} invited you to join ${business}`,
  text: `Hello ${invitee}, ${inviter} invited you to join the ${business} team. Open ${link} within ${days} days to set your password and join.`,
})

export interface NewSettlement {
  bankName: string
  accountNumber: string
  accountName: string
}

/** To the owner when the settlement account changes; `usableFrom` is the end of the cooling-off, if any. */
export const settlementChangedMessage = (business: string, account: NewSettlement, by: string, usableFrom: Date | null): MessageText => ({
  subject: `${business}: your settlement account was changed`,
  text:
    `The ${business} settlement account was changed to ${account.bankName} ${account.accountNumber} (${account.accountName}) by ${by}` +
    (usableFrom
      ? `. It can receive payouts from ${lagos(usableFrom)}. If you did not make this change, cancel it before then in the app: Settings → Payout settings → Cancel change.`
      : '.'),
})

/** To the owner when a settlement change still cooling off is cancelled. */
export const settlementCancelledMessage = (
  business: string,
  by: string,
  restored: { accountNumber: string; accountName: string } | null,
): MessageText => ({
  subject: `${business}: settlement account change cancelled`,
  text:
    `The ${business} settlement account change was cancelled by ${by}. ` +
    (restored
      ? `Payouts go to ${restored.accountNumber} (${restored.accountName}) as before.`
      : 'You have no settlement account now; add one in Settings → Payout settings.'),
})

/** To the owner when third-party transfers are turned on. */
export const thirdPartyEnabledMessage = (business: string, by: string): MessageText => ({
  subject: `${business}: third-party transfers were turned on`,
  text: `Third-party transfers were turned on for ${business} by ${by}: money can now be sent to any account, not only your settlement account.`,
})

/** To the owner when the shop is sent for review. */
export const underReviewMessage = (business: string): MessageText => ({
  subject: `${business}: your store is under review`,
  text: `Thank you for setting up ${business}. It is now under review: you will be notified via email once approved.`,
})

/** To the owner when the operator approves the store. */
export const approvedMessage = (business: string): MessageText => ({
  subject: `${business}: your store is approved`,
  text: `Good news: ${business} is approved. Sign in to start selling.`,
})

/** To the owner when the operator rejects the store. */
export const rejectedMessage = (business: string): MessageText => ({
  subject: `${business}: your store was not approved`,
  text: `We could not approve ${business}. Reply to this email to find out what is missing.`,
})

export interface LowStockFacts {
  business: string
  /** The product and its options, as the owner sees them: "Jollof rice (Size: Small)". */
  what: string
  units: number
  threshold: number
}

/** To the owner when a variant falls to its stock level alert. */
export const lowStockMessage = ({ business, what, units, threshold }: LowStockFacts): MessageText => ({
  subject: `${business}: low stock: ${what}`,
  text:
    `${what} is down to ${units === 1 ? '1 unit' : `${units} units`} (your stock level alert is ${threshold}). ` +
    `Restock it in Products so ${business} customers can keep buying.`,
})

/** To the person whose transaction PIN was just changed or reset (new in issue 37). */
export const pinChangedMessage = (business: string, at: Date): MessageText => ({
  subject: `${business}: your transaction PIN was changed`,
  text: `Your ${business} transaction PIN was changed on ${lagos(at)}. ${NOT_YOU}`,
})

/** To the owner when an API key was made (issue 40, decision 168): a key outlives sign-out, so it is told. */
export const apiKeyCreatedMessage = (business: string, key: { name: string; what: string; by: string }, at: Date): MessageText => ({
  subject: `${business}: a new API key was created`,
  text:
    `${key.by} created the API key "${key.name}" (${key.what}) for ${business} on ${lagos(at)}. ` +
    `Revoke it in Settings → Developers if you did not expect it. ${NOT_YOU}`,
})

/** To the person who just signed in from a browser the server did not know (new in issue 37). */
export const newDeviceSignInMessage = (business: string, at: Date, device: string): MessageText => ({
  subject: `${business}: new sign-in on ${device}`,
  text: `Someone signed in to your ${business} account on ${device} on ${lagos(at)}. If this was you, there is nothing to do. ${NOT_YOU}`,
})

/** Whole naira without ".00", as a person says it: ₦5,000, but ₦5,000.50. */
export function spokenNaira(kobo: number): string {
  const text = nairaText(kobo)
  return text.endsWith('.00') ? text.slice(0, -3) : text
}

/** The owner's opt-in SMS for a credit that arrived while the app was closed (new in issue 37). */
export const paymentReceivedMessage = (business: string, amountKobo: number, from: string, at: Date): MessageText => ({
  subject: `${business}: payment received`,
  text: `${business}: ${spokenNaira(amountKobo)} received from ${from} on ${lagos(at)}.`,
})

/** A payer's name as a person writes it: banks send "CHIOMA OKEKE"; a name already in mixed case is kept. */
export function personName(name: string): string {
  const trimmed = name.trim().replace(/\s+/g, ' ')
  if (trimmed !== trimmed.toUpperCase()) return trimmed
  return trimmed.toLowerCase().replace(/(^|[\s'-])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase())
}
