import { afterAll, describe, expect, it } from 'vitest'

import { WEBHOOK_ANSWER_KEPT_BYTES } from '#contract/webhooks'
import { isPublicAddress } from '#server/webhooks/address-guard'
import { postWebhook, storableText, within } from '#server/webhooks/send'

import { type Receiver, startReceiver, status } from './receiver'

/* One POST of a webhook (decision 169): the timeout, redirects not followed, the answer read capped, the address rules. */

const receivers: Receiver[] = []
afterAll(() => Promise.all(receivers.map((r) => r.close())))
async function receiver(...answers: Parameters<typeof startReceiver>) {
  const r = await startReceiver(...answers)
  receivers.push(r)
  return r
}

const development = { production: false }

describe('postWebhook', () => {
  it('gives up on an endpoint that does not answer within the timeout', async () => {
    const r = await receiver(() => {}) // never answers
    const started = performance.now()
    const outcome = await postWebhook(r.url, {}, '{}', { ...development, timeoutMs: 300 })
    const took = performance.now() - started
    expect(outcome).toEqual({ status: null, body: 'No answer within 0.3 s', ok: false })
    expect(took).toBeGreaterThanOrEqual(290)
    expect(took).toBeLessThan(2_000)
    expect(r.received).toHaveLength(1)
  })

  it('counts a 2xx whose body trickles past the timeout as answered, with what was read', async () => {
    const r = await receiver((response) => {
      response.writeHead(200, { 'content-type': 'text/plain' })
      response.write('received') // and the rest never comes
    })
    const outcome = await postWebhook(r.url, {}, '{}', { ...development, timeoutMs: 300 })
    expect(outcome).toEqual({ status: 200, body: 'received', ok: true })
  })

  it('a 500 whose body trickles past the timeout is no answer', async () => {
    const r = await receiver((response) => {
      response.writeHead(500, { 'content-type': 'text/plain' })
      response.write('oops')
    })
    const outcome = await postWebhook(r.url, {}, '{}', { ...development, timeoutMs: 300 })
    expect(outcome).toEqual({ status: null, body: 'No answer within 0.3 s', ok: false })
  })

  it('does not follow a redirect: the attempt fails with the 3xx and the target gets nothing', async () => {
    const target = await receiver()
    const r = await receiver((response) => {
      response.writeHead(307, { location: target.url })
      response.end()
    })
    const outcome = await postWebhook(r.url, {}, '{"a":1}', development)
    expect(outcome.ok).toBe(false)
    expect(outcome.status).toBe(307)
    expect(outcome.body).toContain(`Redirect to ${target.url} not followed`)
    expect(target.received).toHaveLength(0)
  })

  it('keeps at most 4 KiB of a large answer and does not read the rest', async () => {
    let written = 0
    const r = await receiver((response) => {
      response.writeHead(200, { 'content-type': 'text/plain' })
      const chunk = 'x'.repeat(64 * 1024)
      // 16 MB offered; the reader stops after the first 4 KiB.
      const write = () => {
        while (written < 16 * 1024 * 1024) {
          written += chunk.length
          if (!response.write(chunk)) return void response.once('drain', write)
        }
        response.end()
      }
      write()
    })
    const outcome = await postWebhook(r.url, {}, '{}', development)
    expect(outcome).toMatchObject({ status: 200, ok: true })
    expect(Buffer.byteLength(outcome.body)).toBe(WEBHOOK_ANSWER_KEPT_BYTES)
    expect(written).toBeLessThan(16 * 1024 * 1024)
  })

  it('sends the body and the headers given, as JSON', async () => {
    const r = await receiver(status(204))
    const outcome = await postWebhook(r.url, { 'webhook-id': 'evt_1' }, '{"type":"order.paid"}', development)
    expect(outcome).toEqual({ status: 204, body: '', ok: true })
    expect(r.received[0]).toMatchObject({
      body: '{"type":"order.paid"}',
      headers: expect.objectContaining({ 'webhook-id': 'evt_1', 'content-type': 'application/json' }),
    })
  })

  it('in production, refuses http and a private address before connecting', async () => {
    const r = await receiver()
    expect(await postWebhook(r.url, {}, '{}', { production: true })).toMatchObject({
      status: null,
      body: 'Refused: only https:// URLs are sent to',
    })
    expect(await postWebhook(r.url.replace('http:', 'https:'), {}, '{}', { production: true })).toMatchObject({
      status: null,
      body: expect.stringMatching(/^Refused: 127\.0\.0\.1 is not a public address/),
    })
    expect((await postWebhook(r.url.replace('http://127.0.0.1', 'https://localhost'), {}, '{}', { production: true })).body).toMatch(
      /^Refused: localhost resolves to/,
    )
    expect(r.received).toHaveLength(0)
  })
})

describe('the address check’s budget (within)', () => {
  it('rejects a lookup that never settles once the time is up, and passes one that settles', async () => {
    const started = performance.now()
    await expect(within(new Promise(() => {}), 200, 'No address within 0.2 s')).rejects.toThrow('No address within 0.2 s')
    expect(performance.now() - started).toBeLessThan(1_000)
    await expect(within(Promise.resolve(7), 200, 'late')).resolves.toBe(7)
  })
})

describe('storableText', () => {
  it('turns NUL into U+FFFD and drops control characters but tab and newline', () => {
    expect(storableText('a\u0000b\u001b[2J\tc\nd\u007f')).toBe('a\uFFFDb[2J\tc\nd')
  })
})

describe('isPublicAddress', () => {
  it('refuses private, loopback, link-local, shared, documentation, multicast and IPv4-mapped private addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      '::ffff:127.0.0.1',
      '64:ff9b::a00:1',
      '2002:a00:1::1',
      'not-an-ip',
    ])
      expect(isPublicAddress(address), address).toBe(false)
    for (const address of ['8.8.8.8', '1.1.1.1', '102.89.1.1', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isPublicAddress(address), address).toBe(true)
  })
})
