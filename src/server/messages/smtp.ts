import { createTransport, type Transporter } from 'nodemailer'

import type { Notification, Notifier } from '../notifier'

/*
 * E-mail over SMTP with Nodemailer (SMTP_URL, MAIL_FROM; decision 149). A transport of the durable notifier: it
 * sends once or throws, and the queue decides about retries. Its timeouts are short so that a request's first
 * attempt is answered within the notifier's bounded wait rather than Nodemailer's minutes-long defaults.
 */
/**
 * Connecting and the server's greeting: shorter than the request's 8 s wait (FIRST_ATTEMPT_WAIT_MS), so a dead or
 * silent server is a definite failure the person is told about, not a try still running (decision 149).
 */
export const SMTP_CONNECT_TIMEOUT_MS = 6_000

export class SmtpTransport implements Notifier {
  private readonly transporter: Transporter

  constructor(
    url: string,
    private readonly from: string,
  ) {
    // The URL gives host, port, security and login; the defaults fill in the timeouts.
    this.transporter = createTransport({
      url,
      connectionTimeout: SMTP_CONNECT_TIMEOUT_MS,
      greetingTimeout: SMTP_CONNECT_TIMEOUT_MS,
      socketTimeout: 20_000,
    })
  }

  async send(message: Notification): Promise<void> {
    if (message.channel !== 'email') throw new Error(`SmtpTransport sends e-mail, not ${message.channel}`)
    const info = await this.transporter.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text })
    // A server that accepted nobody did not deliver: the queue must try again.
    if (info.rejected?.length && !info.accepted?.length) throw new Error(`The SMTP server refused ${message.to}`)
  }

  close(): void {
    this.transporter.close()
  }
}
