export interface Notification {
  channel: 'email' | 'sms'
  /** Email address or +234 phone number. */
  to: string
  subject: string
  text: string
  /** The one-time code carried by the message, if any: kept separately so tests need not parse text. */
  code?: string
  /**
   * When `code` stops working: a message still unsent then is never sent (decision 150). Default for a message with
   * a code: the one-time codes' 10 minutes (auth/codes.ts).
   */
  expiresAt?: Date
  /**
   * What the code is for (phone verification, password reset, PIN change, invitation): a newer code supersedes a
   * waiting older one only of the same purpose to the same address (message-job.ts), never another's live code.
   */
  purpose?: MessagePurpose
  /**
   * The same key again is the same message, whatever became of the first (queued, sent or given up): it is not sent
   * twice, e.g. by a retried job that sends it (`payment-sms-message:<transactionId>`).
   */
  dedupeKey?: string
}

export type MessagePurpose = 'phone_verification' | 'password_reset' | 'pin_change' | 'invitation'

/** SMS and e-mail to people. The production implementation talks to a provider; the dev one logs. */
export interface Notifier {
  send(message: Notification): Promise<void>
}

/**
 * Development default: prints each message (this is how to read an OTP locally) and keeps it in `outbox`
 * for tests. Messages hold one-time codes, so this must never be the notifier of a real deployment.
 */
export class DevNotifier implements Notifier {
  readonly outbox: Notification[] = []

  constructor(private readonly log: (line: string) => void = (line) => console.info(line)) {}

  async send(message: Notification): Promise<void> {
    this.outbox.push(message)
    this.log(`[notifier] ${message.channel} to ${message.to}: ${message.subject}\n${message.text}`)
  }

  /** The newest message sent to an address, for tests. */
  lastTo(to: string): Notification | undefined {
    return this.outbox.findLast((message) => message.to === to)
  }
}
