import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'

import { BANKS } from '#server/money/banks'
import { sandboxAccountName } from '#server/money/sandbox-names'

import {
  bankJson,
  chargeJson,
  code,
  customerJson,
  FAKE_SERIALS,
  type FakeCharge,
  type FakeRecipient,
  type FakeTransfer,
  nextId,
  now,
  recipientJson,
  transferJson,
} from './paystack-shapes'
import { freePort } from './prism'

export { FAKE_SERIALS, type FakeCharge, type FakeTransfer }

/*
 * A small stateful stand-in for the Paystack calls a flow needs, written from Paystack's public docs and shaped
 * like paystack.yaml's responses (Prism, in front of it, checks both ways). It keeps recipients, transfers by
 * reference (a second POST /transfer with one is refused as Paystack does), customers, dedicated accounts and
 * charges, and builds the webhook payloads a test signs and delivers.
 */

export class PaystackFake {
  readonly recipients = new Map<string, FakeRecipient>()
  readonly transfers = new Map<string, FakeTransfer>()
  readonly charges: FakeCharge[] = []
  readonly customers = new Map<string, { id: number; code: string; email: string; first: string; last: string; phone: string }>()
  readonly dedicated = new Map<string, string>()
  /** Pay-with-transfer charges (POST /charge, bank_transfer) by the temporary account Paystack gave. */
  readonly payWithTransfer = new Map<string, { reference: string; amount: number }>()
  /** Every request as it reached the fake (after Prism), for tests that count calls. */
  readonly calls: string[] = []
  balance = 50_000_000_00
  /** With a key, a call bearing another is answered 401 "Invalid key", as Paystack does. */
  constructor(private readonly secretKey?: string) {}
  private server?: Server
  url = ''

  async start(): Promise<this> {
    const port = await freePort()
    this.server = createServer((req, res) => void this.route(req, res))
    await new Promise<void>((done) => this.server!.listen(port, '127.0.0.1', done))
    this.url = `http://127.0.0.1:${port}`
    return this
  }

  stop(): Promise<void> {
    return new Promise((done) => (this.server ? this.server.close(() => done()) : done()))
  }

  count(call: string): number {
    return this.calls.filter((line) => line === call).length
  }

  private async route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake')
    let raw = ''
    for await (const chunk of req) raw += chunk
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {}
    const call = `${req.method} ${url.pathname}`
    this.calls.push(call)
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(payload))
    }
    if (this.secretKey && req.headers.authorization !== `Bearer ${this.secretKey}`)
      return send(401, { status: false, message: 'Invalid key' })
    const verify = /^\/transfer\/verify\/(.+)$/.exec(url.pathname)
    const charge = /^\/charge\/(.+)$/.exec(url.pathname)
    if (call === 'GET /bank') return send(200, { status: true, message: 'Banks retrieved', data: BANKS.map((bank) => bankJson(bank)) })
    if (call === 'GET /bank/resolve') {
      const account = url.searchParams.get('account_number') ?? ''
      const bankCode = url.searchParams.get('bank_code') ?? ''
      if (account.startsWith(FAKE_SERIALS.notFound)) {
        return send(422, { status: false, message: 'Could not resolve account name. Check parameters or try again.' })
      }
      return send(200, {
        status: true,
        message: 'Account number resolved',
        data: { account_number: account, account_name: sandboxAccountName(account, bankCode).toUpperCase(), bank_id: 9 },
      })
    }
    if (call === 'POST /transferrecipient')
      return send(201, { status: true, message: 'Transfer recipient created successfully', data: recipientJson(this.recipient(body)) })
    if (call === 'POST /transfer') return this.transfer(body, send)
    if (verify) {
      const transfer = this.transfers.get(decodeURIComponent(verify[1]!))
      if (!transfer) return send(404, { status: false, message: 'Transfer not found' })
      return send(200, { status: true, message: 'Transfer retrieved', data: transferJson(transfer) })
    }
    if (call === 'GET /transfer') {
      const data = [...this.transfers.values()].map((transfer) => ({
        ...transferJson(transfer),
        request: transfer.id,
        fee_charged: 1000,
        fees_breakdown: null,
      }))
      return send(200, {
        status: true,
        message: 'Transfers retrieved',
        data,
        meta: { total: data.length, skipped: 0, perPage: 100, page: 1, pageCount: 1 },
      })
    }
    if (call === 'GET /transaction') {
      const data = this.charges.map((c) => chargeJson(c))
      return send(200, {
        status: true,
        message: 'Transactions retrieved',
        data,
        meta: { total: data.length, total_volume: 0, skipped: 0, perPage: 100, page: 1, pageCount: 1 },
      })
    }
    if (call === 'GET /balance')
      return send(200, { status: true, message: 'Balances retrieved', data: [{ currency: 'NGN', balance: this.balance }] })
    if (call === 'POST /customer') return send(200, { status: true, message: 'Customer created', data: customerJson(this.customer(body)) })
    if (call === 'POST /dedicated_account') return this.dedicatedAccount(body, send)
    if (call === 'POST /charge') return this.bankTransferCharge(body, send)
    if (charge) return send(404, { status: false, message: 'Charge not found' })
    return send(404, { status: false, message: `The fake has no ${call}` })
  }

  /** "A duplicate account number will lead to the retrieval of the existing record" (paystack.yaml). */
  private recipient(body: Record<string, unknown>): FakeRecipient {
    const key = `${body.bank_code}:${body.account_number}`
    const known = this.recipients.get(key)
    if (known) return known
    const made = {
      code: code('RCP'),
      id: nextId(),
      name: String(body.name),
      accountNumber: String(body.account_number),
      bankCode: String(body.bank_code),
      createdAt: now(),
    }
    this.recipients.set(key, made)
    return made
  }

  private transfer(body: Record<string, unknown>, send: (status: number, payload: unknown) => void) {
    const reference = String(body.reference)
    if (this.transfers.has(reference))
      return send(400, { status: false, message: 'Duplicate Transfer Reference', code: 'duplicate_reference' })
    const recipient = [...this.recipients.values()].find((r) => r.code === body.recipient)
    if (!recipient) return send(400, { status: false, message: 'Invalid recipient' })
    const at = now()
    const transfer: FakeTransfer = {
      reference,
      amount: Number(body.amount),
      reason: String(body.reason ?? ''),
      status: recipient.accountNumber.startsWith(FAKE_SERIALS.otp) ? 'otp' : 'pending',
      recipient,
      transferCode: code('TRF'),
      id: nextId(),
      createdAt: at,
      updatedAt: at,
      sessionId: null,
    }
    this.transfers.set(reference, transfer)
    this.balance -= transfer.amount
    return send(200, {
      status: true,
      message: transfer.status === 'otp' ? 'Transfer requires OTP to continue' : 'Transfer has been queued',
      data: {
        transfersessionid: [],
        transfertrials: [],
        domain: 'test',
        amount: transfer.amount,
        currency: 'NGN',
        reference,
        source: 'balance',
        source_details: null,
        reason: transfer.reason,
        status: transfer.status,
        failures: null,
        transfer_code: transfer.transferCode,
        titan_code: null,
        transferred_at: null,
        id: transfer.id,
        integration: 100,
        request: transfer.id,
        recipient: recipient.id,
        createdAt: at,
        updatedAt: at,
      },
    })
  }

  /** Paystack's settling of a transfer: its status moves on, and a NIP session ID appears once paid. */
  settle(reference: string, status: 'success' | 'failed' | 'reversed'): FakeTransfer {
    const transfer = this.transfers.get(reference)
    if (!transfer) throw new Error(`The fake has no transfer ${reference}`)
    transfer.status = status
    transfer.updatedAt = now()
    transfer.sessionId ??=
      status === 'failed' ? null : `1000${Date.now()}${String(transfer.id).padStart(13, '0')}`.slice(0, 30).padEnd(30, '0')
    return transfer
  }

  /** The body Paystack posts for transfer.success / transfer.failed / transfer.reversed. */
  transferEvent(event: 'transfer.success' | 'transfer.failed' | 'transfer.reversed', reference: string) {
    const transfer = this.settle(reference, event.slice('transfer.'.length) as 'success' | 'failed' | 'reversed')
    return { event, data: transferJson(transfer) }
  }

  /** The body Paystack posts for money paid into a dedicated account (channel dedicated_nuban). */
  chargeEvent(c: Omit<FakeCharge, 'paidAt'> & { paidAt?: string }) {
    const made = { ...c, paidAt: c.paidAt ?? now() }
    if (!this.charges.some((known) => known.reference === made.reference)) this.charges.push(made)
    return { event: 'charge.success', data: chargeJson(made) }
  }

  private customer(body: Record<string, unknown>) {
    const email = String(body.email)
    const known = this.customers.get(email)
    if (known) return known
    const made = {
      id: nextId(),
      code: code('CUS'),
      email,
      first: String(body.first_name ?? ''),
      last: String(body.last_name ?? ''),
      phone: String(body.phone ?? ''),
    }
    this.customers.set(email, made)
    return made
  }

  private dedicatedAccount(body: Record<string, unknown>, send: (status: number, payload: unknown) => void) {
    const customer = [...this.customers.values()].find((c) => c.code === body.customer)
    if (!customer) return send(400, { status: false, message: 'Customer not found' })
    const accountNumber = this.dedicated.get(customer.code) ?? `9${String(nextId()).padStart(9, '0')}`
    this.dedicated.set(customer.code, accountNumber)
    const at = now()
    return send(200, {
      status: true,
      message: 'NUBAN successfully created',
      data: {
        bank: { name: 'Test Bank', id: 20, slug: 'test-bank' },
        account_name: `PAYSTACK/${customer.first} ${customer.last}`.trim(),
        account_number: accountNumber,
        assigned: true,
        currency: 'NGN',
        metadata: null,
        active: true,
        id: nextId(),
        created_at: at,
        updated_at: at,
        assignment: {
          integration: 100,
          assignee_id: customer.id,
          assignee_type: 'Customer',
          expired: false,
          account_type: 'PAY-WITH-TRANSFER-RECURRING',
          assigned_at: at,
          expired_at: null,
        },
        customer: {
          id: customer.id,
          first_name: customer.first,
          last_name: customer.last,
          email: customer.email,
          customer_code: customer.code,
          phone: customer.phone,
          metadata: {},
          risk_action: 'default',
          international_format_phone: null,
        },
      },
    })
  }

  private bankTransferCharge(body: Record<string, unknown>, send: (status: number, payload: unknown) => void) {
    const expires = (body.bank_transfer as { account_expires_at?: string } | undefined)?.account_expires_at ?? now()
    const reference = String(body.reference ?? code('T'))
    const accountNumber = `8${String(nextId()).padStart(9, '0')}`
    this.payWithTransfer.set(accountNumber, { reference, amount: Number(body.amount) })
    // Paystack answers a pay-with-transfer charge with its temporary account (docs: "Pay with Transfer").
    return send(200, {
      status: true,
      message: 'Charge attempted',
      data: {
        status: 'pending_bank_transfer',
        display_text: 'Please make a transfer to the account specified',
        reference,
        amount: Number(body.amount),
        account_name: 'PAYSTACK CHECKOUT',
        account_number: accountNumber,
        bank: { slug: 'test-bank', name: 'Test Bank', id: 20 },
        account_expires_at: expires,
      },
    })
  }
}
