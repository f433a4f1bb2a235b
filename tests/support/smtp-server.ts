import type { AddressInfo } from 'node:net'

import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/*
 * A real SMTP server for tests (the `smtp-server` package) on a free port of 127.0.0.1: Nodemailer talks SMTP to it
 * as it would to a provider, and the test reads what was delivered (parsed by `mailparser`): headers, text, code.
 * stop() takes it down (connections refused) and start() brings it back on the same port, for the failure tests.
 */

export interface DeliveredMail {
  from: string
  to: string[]
  subject: string
  text: string
  /** The 6-digit number after "is" ("… code is 123456."), as a person reads it: a business name may hold digits too. */
  code: string | undefined
  headers: ParsedMail['headers']
}

export class TestSmtpServer {
  readonly delivered: DeliveredMail[] = []
  private server: SMTPServer | undefined
  private port = 0

  /** smtp:// URL Nodemailer is given (no TLS, no login: a local test server). */
  get url(): string {
    return `smtp://127.0.0.1:${this.port}`
  }

  async start(): Promise<this> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        simpleParser(stream)
          .then((mail) => {
            const text = mail.text ?? ''
            this.delivered.push({
              from: mail.from?.text ?? '',
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              subject: mail.subject ?? '',
              text,
              code: /\bis (\d{6})\b/.exec(text)?.[1],
              headers: mail.headers,
            })
            callback()
          })
          .catch((error: Error) => callback(error))
      },
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(this.port, '127.0.0.1', () => resolve())
    })
    this.port = (server.server.address() as AddressInfo).port
    this.server = server
    return this
  }

  /** Down: new connections are refused until start(). */
  async stop(): Promise<void> {
    const server = this.server
    this.server = undefined
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
  }

  /** The newest message delivered to an address. */
  lastTo(address: string): DeliveredMail | undefined {
    return this.delivered.findLast((mail) => mail.to.includes(address))
  }

  allTo(address: string): DeliveredMail[] {
    return this.delivered.filter((mail) => mail.to.includes(address))
  }

  /** Waits until a message to `address` is delivered (a retry comes from a worker, not the request). */
  async waitFor(address: string, timeoutMs = 15_000): Promise<DeliveredMail> {
    const deadline = Date.now() + timeoutMs
    while (Date.now() < deadline) {
      const mail = this.lastTo(address)
      if (mail) return mail
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    throw new Error(`No e-mail reached ${address} within ${timeoutMs} ms`)
  }
}

export const startSmtpServer = () => new TestSmtpServer().start()
