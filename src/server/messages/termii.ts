import type { Notification, Notifier } from '../notifier'

/*
 * SMS through Termii's Messaging API (decision 149): POST {base}/api/sms/send with JSON api_key, to (international
 * digits, no plus), from (the approved sender ID), sms, type "plain" and channel. Every message we send is
 * transactional (codes, account notices), so it goes on the "dnd" route, the one Termii says reaches numbers on the
 * Do-Not-Disturb list and is not held overnight on MTN; "generic" is Termii's promotional route.
 * A success is 200 with a message_id; anything else throws, and the queue retries.
 */

export const TERMII_CHANNEL = 'dnd'
const REQUEST_TIMEOUT_MS = 10_000

export interface TermiiOptions {
  apiKey: string
  senderId: string
  baseUrl: string
}

/** What Termii answers to a sent message (its docs: message_id, message, balance, user). */
interface TermiiAnswer {
  message_id?: string
  message?: string
}

export class TermiiTransport implements Notifier {
  constructor(private readonly options: TermiiOptions) {}

  async send(message: Notification): Promise<void> {
    if (message.channel !== 'sms') throw new Error(`TermiiTransport sends SMS, not ${message.channel}`)
    const response = await fetch(`${this.options.baseUrl}/api/sms/send`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({
        api_key: this.options.apiKey,
        to: message.to.replace(/^\+/, ''),
        from: this.options.senderId,
        sms: message.text,
        type: 'plain',
        channel: TERMII_CHANNEL,
      }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
    const answer = (await response.json().catch(() => ({}))) as TermiiAnswer
    if (!response.ok) throw new Error(`Termii answered ${response.status}: ${answer.message ?? 'no message'}`)
    if (!answer.message_id) throw new Error(`Termii answered ${response.status} without a message_id: ${answer.message ?? ''}`)
  }
}
