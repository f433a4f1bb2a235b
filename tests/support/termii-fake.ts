import { randomInt } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/*
 * A local Termii built from its public Messaging API docs (developers.termii.com/messaging-api): POST
 * /api/sms/send with a JSON body whose api_key, to, from, sms, type and channel are all required; to is the number
 * in international format (digits, e.g. 2348031234567), from a sender ID of 3 to 11 characters, type "plain",
 * channel one of dnd, whatsapp, generic. A sent message answers 200 { message_id, message: "Successfully Sent",
 * balance, user }. Errors are Termii's documented statuses (its "Error" page): 400 for a bad request, 401 when no
 * valid API key is given, 5xx for trouble on Termii's end, each with a JSON message. `failNext(n)` answers the next
 * n sends with 503, as Termii down would.
 */

export interface TermiiSms {
  to: string
  from: string
  sms: string
  type: string
  channel: string
}

const REQUIRED = ['api_key', 'to', 'from', 'sms', 'type', 'channel'] as const
const CHANNELS = new Set(['dnd', 'whatsapp', 'generic'])

export class TermiiFake {
  readonly received: TermiiSms[] = []
  private server: Server | undefined
  private failures = 0
  private port = 0

  constructor(readonly options: { apiKey: string; senderIds: string[] }) {}

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`
  }

  failNext(count: number): void {
    this.failures = count
  }

  async start(): Promise<this> {
    const server = createServer((request, response) => {
      this.handle(request, response).catch(() => answer(response, 500, { message: 'Internal error' }))
    })
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', () => resolve()))
    this.port = (server.address() as AddressInfo).port
    this.server = server
    return this
  }

  async stop(): Promise<void> {
    const server = this.server
    this.server = undefined
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
  }

  lastTo(number: string): TermiiSms | undefined {
    return this.received.findLast((sms) => sms.to === number)
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.url !== '/api/sms/send') return answer(response, 404, { message: 'Not Found' })
    if (request.method !== 'POST') return answer(response, 405, { message: 'Method Not Allowed' })
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    let body: Record<string, unknown>
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>
    } catch {
      return answer(response, 400, { message: 'The request body must be JSON' })
    }
    for (const field of REQUIRED) {
      if (typeof body[field] !== 'string' || body[field] === '')
        return answer(response, 400, { message: `The ${field} field is required.` })
    }
    if (body.api_key !== this.options.apiKey) return answer(response, 401, { message: 'Unauthorized' })
    const sms = body as unknown as TermiiSms
    if (!/^\d{10,15}$/.test(sms.to)) return answer(response, 400, { message: 'Phone number must be in the international format' })
    if (!CHANNELS.has(sms.channel)) return answer(response, 400, { message: 'channel must be dnd, whatsapp or generic' })
    if (sms.type !== 'plain') return answer(response, 400, { message: 'type must be plain' })
    if (!this.options.senderIds.includes(sms.from)) return answer(response, 400, { message: 'Invalid Sender Id' })
    if (this.failures > 0) {
      this.failures--
      return answer(response, 503, { message: 'Service Unavailable' })
    }
    this.received.push({ to: sms.to, from: sms.from, sms: sms.sms, type: sms.type, channel: sms.channel })
    answer(response, 200, {
      message_id: String(randomInt(1e9, 1e10)),
      message: 'Successfully Sent',
      balance: 1000 - this.received.length,
      user: 'Test Vendor Ltd',
    })
  }
}

function answer(response: ServerResponse, status: number, body: object): void {
  response.writeHead(status, { 'Content-Type': 'application/json' })
  response.end(JSON.stringify(body))
}
