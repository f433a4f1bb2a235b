import { randomUUID } from 'node:crypto'

import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { WEBHOOK_EVENT_TYPES } from '#contract/webhooks'
import { webhookEndpoints } from '#server/db/webhooks-schema'
import { newWebhookSecret } from '#server/webhooks/signing'

import { call, callRaw, createMember, createVendor, makeApp, type TestApp, unchecked } from '../harness'
import { tokenFor } from '../money/helpers'
import { insertCustomer, insertOrder } from '../orders/fixtures'
import { deliveries, deliveryWorker, register, takeDeliveryQueue } from './helpers'
import { type Receiver, startReceiver } from './receiver'

/*
 * Managing webhook endpoints (decision 169): who may, what is refused (the URL rules of production included), the
 * secret and its rotation, dispute.updated as the log shows it, and the OpenAPI document's `webhooks`.
 */

let t: TestApp
let production: TestApp
let r: Receiver
let release: () => Promise<void>
beforeAll(async () => {
  release = await takeDeliveryQueue()
  t = await makeApp()
  production = await makeApp({ serverMode: { production: true, staging: false } })
  r = await startReceiver()
})
afterAll(async () => {
  await r?.close()
  await release?.()
})

async function owner(app: TestApp = t) {
  const vendor = await createVendor()
  return { vendor, token: await tokenFor(app, vendor.owner.row) }
}

describe('who manages endpoints', () => {
  it('the owner and a member holding VENDOR_DEVELOPERS; not a member without it, nor another vendor', async () => {
    const o = await owner()
    const endpoint = await register(t, o.token, r.url)
    const without = await createMember(o.vendor, { permissions: ['VENDOR_ORDERS', 'VENDOR_SETTINGS'] })
    const withIt = await createMember(o.vendor, { permissions: ['VENDOR_DEVELOPERS'] })
    const memberToken = await tokenFor(t, without.row)
    for (const res of [
      await call(t.app, endpoints.listWebhookEndpoints, { token: memberToken }),
      await call(t.app, endpoints.createWebhookEndpoint, { token: memberToken, body: { url: r.url, events: ['order.paid'] } }),
      await call(t.app, endpoints.webhookEndpointSecret, { token: memberToken, query: { id: endpoint.id } }),
      await call(t.app, endpoints.listWebhookDeliveries, { token: memberToken, query: {} }),
    ])
      expect(res.status).toBe(403)
    const developer = await tokenFor(t, withIt.row)
    expect((await call(t.app, endpoints.listWebhookEndpoints, { token: developer })).body.data).toEqual([
      expect.objectContaining({ id: endpoint.id, url: r.url, events: ['payment.received'], isEnabled: true }),
    ])
    expect((await call(t.app, endpoints.listWebhookEndpoints, { token: developer })).body.data[0]).not.toHaveProperty('secret')
    const stranger = await owner()
    expect((await call(t.app, endpoints.webhookEndpointSecret, { token: stranger.token, query: { id: endpoint.id } })).status).toBe(404)
    expect((await call(t.app, endpoints.deleteWebhookEndpoint, { token: stranger.token, query: { id: endpoint.id } })).status).toBe(404)
    expect((await call(t.app, endpoints.listWebhookEndpoints, { token: stranger.token })).body.data).toEqual([])
  })

  it('refuses bad input with the field named: 422, never 500', async () => {
    const o = await owner()
    const cases: [unknown, string][] = [
      [{ url: 'not a url', events: ['order.paid'] }, 'url'],
      [{ url: 'ftp://example.com/x', events: ['order.paid'] }, 'url'],
      [{ url: 'https://user:pw@example.com/x', events: ['order.paid'] }, 'url'],
      [{ url: 'https://example.com/x', events: [] }, 'events'],
      [{ url: 'https://example.com/x', events: ['order.shipped'] }, 'events.0'],
      [{ url: 'https://example.com/x', events: ['order.paid'], description: 'x'.repeat(101) }, 'description'],
    ]
    for (const [body, path] of cases) {
      const res = await call(t.app, endpoints.createWebhookEndpoint, { token: o.token, body: unchecked(body) })
      expect(res.status, JSON.stringify(body)).toBe(422)
      expect(res.body.issues?.[0]?.path ?? res.body.message).toContain(path)
    }
    for (let i = 0; i < 10; i++) await register(t, o.token, `https://example.com/${i}`)
    const eleventh = await call(t.app, endpoints.createWebhookEndpoint, {
      token: o.token,
      body: { url: 'https://example.com/11', events: ['order.paid'] },
    })
    expect(eleventh.status).toBe(422)
    expect(eleventh.body.message).toContain('at most 10')
  })
})

describe('changing an endpoint', () => {
  it('changes only what is named: pausing keeps the note, a change naming nothing changes nothing', async () => {
    const o = await owner()
    const created = await call(t.app, endpoints.createWebhookEndpoint, {
      token: o.token,
      body: { url: 'https://example.com/a', events: ['order.paid'], description: 'Shop website' },
    })
    const id = created.body.data.id
    const paused = await call(t.app, endpoints.updateWebhookEndpoint, { token: o.token, body: { id, isEnabled: false } })
    expect(paused.body.data).toMatchObject({
      isEnabled: false,
      description: 'Shop website',
      url: 'https://example.com/a',
      events: ['order.paid'],
    })
    const same = await call(t.app, endpoints.updateWebhookEndpoint, { token: o.token, body: { id } })
    expect(same.status).toBe(200)
    expect(same.body.data).toEqual(paused.body.data)
    const moved = await call(t.app, endpoints.updateWebhookEndpoint, {
      token: o.token,
      body: { id, url: 'https://example.com/b', events: ['order.paid', 'order.refunded'], isEnabled: true },
    })
    expect(moved.body.data).toMatchObject({
      url: 'https://example.com/b',
      events: ['order.paid', 'order.refunded'],
      isEnabled: true,
      description: 'Shop website',
    })
  })
})

describe('in production', () => {
  it('refuses http and every private, loopback, link-local or unresolvable address at registration', async () => {
    const o = await owner(production)
    for (const url of [
      'http://example.com/hooks',
      'https://127.0.0.1/hooks',
      'https://localhost/hooks',
      'https://10.1.2.3/hooks',
      'https://172.16.0.9/hooks',
      'https://192.168.1.1/hooks',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/hooks',
      'https://0.0.0.0/hooks',
      'https://[::1]/hooks',
      'https://[fd00::1]/hooks',
      'https://[fe80::1]/hooks',
      'https://[::ffff:127.0.0.1]/hooks',
      'https://no-such-host.invalid/hooks',
    ]) {
      const res = await call(production.app, endpoints.createWebhookEndpoint, { token: o.token, body: { url, events: ['order.paid'] } })
      expect(res.status, url).toBe(422)
      expect(res.body.issues?.[0]?.path, url).toBe('url')
    }
    // A public address literal is taken (nothing is sent at registration); moving it to a private one is refused.
    const taken = await call(production.app, endpoints.createWebhookEndpoint, {
      token: o.token,
      body: { url: 'https://8.8.8.8/hooks', events: ['order.paid'] },
    })
    expect(taken.status).toBe(201)
    const moved = await call(production.app, endpoints.updateWebhookEndpoint, {
      token: o.token,
      body: { id: taken.body.data.id, url: 'https://10.0.0.8/hooks' },
    })
    expect(moved.status).toBe(422)
    expect(moved.body.issues?.[0]?.path).toBe('url')
  })

  it('refuses again at send: an endpoint whose address is private gets nothing, and the log says why', async () => {
    const o = await owner(production)
    // Registered when it was allowed (as a name that later resolves privately would be): the row as a development server wrote it.
    const [row] = await production.db
      .insert(webhookEndpoints)
      .values({
        vendorId: o.vendor.vendor.id,
        url: r.url.replace('http:', 'https:'),
        events: ['dispute.updated'],
        secret: newWebhookSecret(),
      })
      .returning()
    const customer = await insertCustomer(production.db, o.vendor.vendor.id, { name: 'Funke Adeyemi', email: 'funke@example.ng' })
    const order = await insertOrder(production.db, o.vendor.vendor.id, { customer, status: 'paid', amount: 1_000_00, amountPaid: 1_000_00 })
    const opened = await call(production.app, endpoints.createDispute, {
      token: o.token,
      body: {
        orderReference: order.reference,
        title: 'Never arrived',
        description: 'The rider did not come.',
        category: 'item-not-received',
      },
    })
    expect(opened.status).toBe(201)
    const before = r.received.length
    await deliveryWorker(production).runDueJobs()
    expect(r.received.length).toBe(before)
    const [logged] = await deliveries(production, o.token, row!.id)
    expect(logged).toMatchObject({ status: 'pending', answerStatus: null, type: 'dispute.updated' })
    expect(logged!.answerBody).toMatch(/^Refused: 127\.0\.0\.1 is not a public address/)
  })
})

describe('the secret', () => {
  it('is shown on creation and on request, and rotating it signs later deliveries with the new one only', async () => {
    const o = await owner()
    const created = await register(t, o.token, r.url, ['dispute.updated'])
    const shown = await call(t.app, endpoints.webhookEndpointSecret, { token: o.token, query: { id: created.id } })
    expect(shown.body.data.secret).toBe(created.secret)
    expect(Buffer.from(created.secret.slice('whsec_'.length), 'base64')).toHaveLength(24)
    const rotated = await call(t.app, endpoints.rotateWebhookSecret, { token: o.token, query: { id: created.id } })
    expect(rotated.status).toBe(200)
    expect(rotated.body.data.secret).not.toBe(created.secret)

    const customer = await insertCustomer(t.db, o.vendor.vendor.id, { name: 'Funke Adeyemi', email: 'funke@example.ng' })
    const order = await insertOrder(t.db, o.vendor.vendor.id, { customer, status: 'paid', amount: 1_000_00, amountPaid: 1_000_00 })
    const opened = await call(t.app, endpoints.createDispute, {
      token: o.token,
      body: {
        orderReference: order.reference,
        title: 'Never arrived',
        description: 'The rider did not come.',
        category: 'item-not-received',
      },
    })
    const message = await call(t.app, endpoints.sendDisputeMessage, {
      token: o.token,
      headers: { 'idempotency-key': randomUUID() },
      body: { disputeId: opened.body.data.id, message: 'Any news?' },
    })
    expect(message.status).toBe(201)
    const escalated = await call(t.app, endpoints.escalateDispute, {
      token: o.token,
      body: { disputeId: opened.body.data.id, reason: 'No answer in 3 days' },
    })
    expect(escalated.status).toBe(200)
    const before = r.received.length
    await deliveryWorker(t).runDueJobs()
    const sent = r.received.slice(before)
    expect(sent).toHaveLength(3)
    const payloads = sent.map(
      (x) => new Webhook(rotated.body.data.secret).verify(x.body, x.headers as Record<string, string>) as { data: Record<string, unknown> },
    )
    expect(payloads.map((p) => [p.data.change, p.data.status, p.data.messageCount])).toEqual([
      ['opened', 'open', 0],
      ['message', 'open', 1],
      ['escalated', 'escalated', 2],
    ])
    expect(() => new Webhook(created.secret).verify(sent[0]!.body, sent[0]!.headers as Record<string, string>)).toThrow()
  })
})

describe('removing an endpoint', () => {
  it('cancels its pending deliveries; nothing more is sent to it', async () => {
    const o = await owner()
    const created = await register(t, o.token, 'http://127.0.0.1:9/never', ['dispute.updated'])
    const customer = await insertCustomer(t.db, o.vendor.vendor.id, { name: 'Ada', email: 'ada@example.ng' })
    const order = await insertOrder(t.db, o.vendor.vendor.id, { customer, status: 'paid', amount: 1_000_00, amountPaid: 1_000_00 })
    await call(t.app, endpoints.createDispute, {
      token: o.token,
      body: { orderReference: order.reference, title: 'Broken', description: 'Arrived broken.', category: 'item-not-received' },
    })
    expect(await deliveries(t, o.token, created.id)).toEqual([expect.objectContaining({ status: 'pending' })])
    expect((await call(t.app, endpoints.deleteWebhookEndpoint, { token: o.token, query: { id: created.id } })).status).toBe(200)
    expect(await deliveries(t, o.token, created.id)).toEqual([expect.objectContaining({ status: 'cancelled' })])
    expect((await call(t.app, endpoints.listWebhookEndpoints, { token: o.token })).body.data).toEqual([])
  })
})

describe('GET /openapi.json', () => {
  it('lists every event under OpenAPI 3.1 webhooks with its payload and the signature headers', async () => {
    const res = await callRaw(t.app, 'GET', '/openapi.json')
    expect(res.status).toBe(200)
    const doc = res.body as { openapi: string; webhooks: Record<string, any> }
    expect(doc.openapi).toBe('3.1.0')
    expect(Object.keys(doc.webhooks)).toEqual([...WEBHOOK_EVENT_TYPES])
    const paid = doc.webhooks['order.paid'].post
    expect(paid.parameters.map((p: { name: string }) => p.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature'])
    const schema = paid.requestBody.content['application/json'].schema
    expect(schema.properties.type).toEqual({ const: 'order.paid' })
    expect(schema.properties.data.required).toEqual(expect.arrayContaining(['orderId', 'reference', 'amount', 'amountPaid', 'paidAt']))
  })
})
