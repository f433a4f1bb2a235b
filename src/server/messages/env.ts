/*
 * How messages leave the server (issue 37): e-mail over SMTP (SMTP_URL, MAIL_FROM) and SMS through Termii
 * (SMS_PROVIDER=termii, TERMII_API_KEY, TERMII_SENDER_ID). Unset, each channel is the console: the message is printed
 * to the server's log, which is how a developer reads an OTP, and which production mode refuses (a real vendor would
 * never receive the code). A value that is half set or malformed stops the start with its name.
 */

export const DEFAULT_TERMII_BASE_URL = 'https://v3.api.termii.com'

export type EmailChoice = { kind: 'console' } | { kind: 'smtp'; url: string; from: string }
export type SmsChoice = { kind: 'console' } | { kind: 'termii'; apiKey: string; senderId: string; baseUrl: string }

export interface MessagingChoice {
  email: EmailChoice
  sms: SmsChoice
}

function httpUrl(name: string, value: string): string {
  const url = URL.canParse(value) ? new URL(value) : null
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) throw new Error(`${name} must be an http(s) URL, got ${value}`)
  return value.replace(/\/+$/, '')
}

export function emailFromEnv(env: NodeJS.ProcessEnv = process.env): EmailChoice {
  const url = env.SMTP_URL?.trim()
  const from = env.MAIL_FROM?.trim()
  if (!url) {
    if (from) throw new Error('MAIL_FROM is set but SMTP_URL is not: set both to send e-mail (or neither to print it)')
    return { kind: 'console' }
  }
  const parsed = URL.canParse(url) ? new URL(url) : null
  if (!parsed || (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:')) {
    throw new Error('SMTP_URL must be smtp://user:password@host:587 or smtps://user:password@host:465')
  }
  if (!from) throw new Error('SMTP_URL needs MAIL_FROM, the sender people see, e.g. "Vendor <no-reply@example.ng>"')
  return { kind: 'smtp', url, from }
}

export function smsFromEnv(env: NodeJS.ProcessEnv = process.env): SmsChoice {
  const kind = env.SMS_PROVIDER?.trim() || 'console'
  if (kind === 'console') return { kind }
  if (kind !== 'termii') throw new Error(`SMS_PROVIDER must be termii or console, got ${env.SMS_PROVIDER}`)
  const apiKey = env.TERMII_API_KEY?.trim()
  const senderId = env.TERMII_SENDER_ID?.trim()
  if (!apiKey) throw new Error("SMS_PROVIDER=termii needs TERMII_API_KEY (from Termii's dashboard)")
  if (!senderId) throw new Error('SMS_PROVIDER=termii needs TERMII_SENDER_ID (an approved sender ID, 3 to 11 characters)')
  if (!/^[A-Za-z0-9 ]{3,11}$/.test(senderId)) {
    throw new Error(`TERMII_SENDER_ID must be 3 to 11 letters, digits or spaces, got ${env.TERMII_SENDER_ID}`)
  }
  const baseUrl = httpUrl('TERMII_BASE_URL', env.TERMII_BASE_URL?.trim() || DEFAULT_TERMII_BASE_URL)
  return { kind, apiKey, senderId, baseUrl }
}

export function messagingFromEnv(env: NodeJS.ProcessEnv = process.env): MessagingChoice {
  return { email: emailFromEnv(env), sms: smsFromEnv(env) }
}
