import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { FILE_CONTENT_SECURITY_POLICY } from '#server/http/security-headers'
import { MemoryStorage, type PutOptions, sniffDocumentType, type Storage, type StoredFile, type StoredType } from '#server/storage'

import { form, image, JPEG, PNG, productFields, type Seller, seller } from '../catalogue/helpers'
import { call, makeApp, type TestApp } from '../harness'
import { PDF, register, type Registered, shopForm, verify } from '../onboarding/helpers'

/*
 * Issue 8, fault and abuse suite: whatever is uploaded (HTML, SVG with script, JavaScript, an image that is also
 * HTML), through every endpoint that takes files, nothing is ever served with a type a browser would run: only
 * image/png, image/jpeg or image/webp, with nosniff and a sandboxing policy; KYC documents are never served.
 */

/** Storage that remembers every file ever put, so files a later upload replaced are checked too. */
class RecordingStorage implements Storage {
  readonly inner = new MemoryStorage()
  readonly puts: { key: string; contentType: StoredType; private: boolean }[] = []
  async put(data: Uint8Array, contentType: StoredType, options?: PutOptions): Promise<string> {
    const key = await this.inner.put(data, contentType, options)
    this.puts.push({ key, contentType, private: Boolean(options?.private) })
    return key
  }
  get(key: string): Promise<StoredFile | null> {
    return this.inner.get(key)
  }
  delete(key: string): Promise<void> {
    return this.inner.delete(key)
  }
}

const text = (value: string) => new TextEncoder().encode(value)
const concat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((part) => [...part]))

const HTML = text('<!doctype html><html><body><script>fetch("/api/user/me").then(r=>r.text()).then(alert)</script></body></html>')
const SVG = text(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.domain)"><script>alert(1)</script></svg>',
)
const JS = text('alert(document.cookie);//')
/** A real PNG with an HTML page after its end: a valid picture, and a page to anything that sniffs past the magic. */
const PNG_HTML = concat(PNG, HTML)
/** JPEG magic, then script. */
const JPEG_HTML = concat(JPEG.slice(0, 4), text('<script>alert(1)</script>'))
/** The classic GIF/JavaScript polyglot. */
const GIF_JS = text('GIF89a/*\x00\x00*/=alert(1);//')
/** A PDF whose body is an HTML page (PDF magic, so a KYC document takes it; it must never be served). */
const PDF_HTML = concat(text('%PDF-1.4\n'), HTML)

const PAYLOADS = {
  html: HTML,
  svg: SVG,
  js: JS,
  'png+html': PNG_HTML,
  'jpeg+html': JPEG_HTML,
  'gif+js': GIF_JS,
  'pdf+html': PDF_HTML,
  png: PNG,
  pdf: PDF,
} as const
const DECLARED = ['image/png', 'image/jpeg', 'text/html', 'image/svg+xml', 'application/javascript', 'application/pdf']

/** Only these may ever reach a browser from /api/files. */
const SERVED_TYPES = ['image/png', 'image/jpeg', 'image/webp']

let t: TestApp & { storage: RecordingStorage }
let s: Seller
let r: Registered

beforeAll(async () => {
  const storage = new RecordingStorage()
  t = { ...(await makeApp({ storage, publicUrl: null })), storage }
  s = await seller(t)
  r = await register(t)
  await verify(t, r)
})

/** Every way a file reaches storage, for one file as the client describes it. */
const uploads: Record<string, (file: File) => Promise<{ status: number; urls: string[] }>> = {
  'POST /product images': async (file) => {
    const res = await call(t.app, endpoints.createProduct, { token: s.token, form: form(productFields(), { images: [file] }) })
    return { status: res.status, urls: res.status === 201 ? res.body.data.images.map((i: { url: string }) => i.url) : [] }
  },
  'PATCH /vendor/website logo': async (file) => {
    const body = form({ description: 'Jollof', font: 'inter', background: 'plain' }, { logo: [file] })
    const res = await call(t.app, endpoints.updateWebsite, { token: s.token, form: body })
    return { status: res.status, urls: res.body.data?.logoUrl ? [res.body.data.logoUrl] : [] }
  },
  'PATCH /vendor/shop/setup logo': async (file) => {
    const res = await call(t.app, endpoints.setUpShop, { token: r.token, form: shopForm({}, file) })
    return { status: res.status, urls: [] }
  },
  'PATCH /vendor/kyc document': async (file) => {
    const body = form(
      {
        documentType: 'NIN_SLIP',
        dateOfBirth: `${new Date().getUTCFullYear() - 20}-05-17`,
        address: '12 Allen Avenue, Ikeja, Lagos',
        idType: 'NIN',
        idNumber: '12345678901',
      },
      { document: [file] },
    )
    const res = await call(t.app, endpoints.submitKyc, { token: r.token, form: body })
    return { status: res.status, urls: [] }
  },
}

describe('uploading what is not a picture', () => {
  it('every endpoint that takes files, every payload, every declared type: stored only as what the bytes are', async () => {
    const outcomes: string[] = []
    const servedUrls: string[] = []
    for (const [where, upload] of Object.entries(uploads)) {
      for (const [payload, bytes] of Object.entries(PAYLOADS)) {
        for (const declared of DECLARED) {
          const before = t.storage.puts.length
          const { status, urls } = await upload(image(bytes, declared, `evil.${payload.replace('+', '.')}`))
          const label = `${where}: ${payload} declared ${declared}`
          expect([200, 201, 422], label).toContain(status)
          const stored = t.storage.puts.slice(before)
          if (status === 422) expect(stored, label).toEqual([])
          for (const put of stored) {
            // What the bytes are decides the type; it is never the declared one when they disagree.
            expect(put.contentType, label).toBe(sniffDocumentType(bytes))
            expect(put.key, label).toMatch(/\.(png|jpg|webp|pdf)$/)
          }
          servedUrls.push(...urls)
          if (status !== 422) outcomes.push(`${label} → ${stored.map((put) => put.contentType).join(', ')}`)
        }
      }
    }
    // What got in: files whose first bytes are a picture's (the polyglots among them) declared as a picture or a
    // PDF; PDFs only as KYC documents. The sniffer reads magic bytes only, so a polyglot passes it by design.
    expect(outcomes.length).toBeGreaterThan(0)
    for (const line of outcomes) {
      expect(line).toMatch(/: (png|png\+html|jpeg\+html|pdf|pdf\+html) declared (image\/png|image\/jpeg|application\/pdf) → /)
      if (/: pdf|→ application\/pdf/.test(line)) expect(line).toMatch(/^PATCH \/vendor\/kyc document: pdf(\+html)? declared /)
    }
    // HTML, SVG, JavaScript and GIF were refused everywhere, whatever they were declared as.
    expect(outcomes.some((line) => /: (html|svg|js|gif\+js) /.test(line))).toBe(false)
    // Nothing declared as HTML, SVG or JavaScript got in, even when its bytes were a picture's.
    expect(outcomes.some((line) => /declared (text\/html|image\/svg\+xml|application\/javascript)/.test(line))).toBe(false)
    // Every endpoint really stored something: a genuine picture goes in everywhere.
    for (const where of Object.keys(uploads)) expect(outcomes).toContain(`${where}: png declared image/png → image/png`)
    // The polyglots got in as pictures: what follows must make sure they are only ever shown as pictures.
    expect(outcomes).toContain('POST /product images: png+html declared image/png → image/png')
    expect(outcomes).toContain('PATCH /vendor/website logo: jpeg+html declared image/png → image/jpeg')
    expect(servedUrls.length).toBeGreaterThan(0)
    for (const url of servedUrls) expect(url).toMatch(/^\/api\/files\/[A-Za-z0-9_-]{22}\.(png|jpg|webp)$/)
  })

  it('every file ever stored is served as an image with nosniff and a sandbox, or not at all', async () => {
    expect(t.storage.puts.length).toBeGreaterThan(10)
    let served = 0
    for (const put of t.storage.puts) {
      const res = await t.app.request(`/api/files/${put.key}`)
      if (put.private || put.contentType === 'application/pdf') {
        // KYC documents: not even to someone who knows the key.
        expect(res.status, put.key).toBe(404)
        expect(res.headers.get('content-type'), put.key).toContain('application/json')
        continue
      }
      // Replaced logos were deleted; what is still there is served.
      if (res.status === 404) {
        expect(await t.storage.get(put.key)).toBeNull()
        continue
      }
      served += 1
      expect(res.status, put.key).toBe(200)
      expect(SERVED_TYPES, put.key).toContain(res.headers.get('content-type'))
      expect(res.headers.get('x-content-type-options'), put.key).toBe('nosniff')
      expect(res.headers.get('content-security-policy'), put.key).toBe(FILE_CONTENT_SECURITY_POLICY)
      expect(res.headers.get('content-disposition'), put.key).toBe(`inline; filename="${put.key}"`)
    }
    expect(served).toBeGreaterThan(0)
    const policy = FILE_CONTENT_SECURITY_POLICY.split(';').map((part) => part.trim())
    expect(policy).toEqual(expect.arrayContaining(["default-src 'none'", 'sandbox', "frame-ancestors 'none'"]))
    expect(policy.some((part) => part.startsWith('script-src'))).toBe(false)
  })

  it('a KYC key asked for under any spelling is still refused', async () => {
    const kyc = t.storage.puts.filter((put) => put.private)
    expect(kyc.length).toBeGreaterThan(0)
    for (const put of kyc) {
      for (const path of [put.key, put.key.replace(/^private-/, ''), encodeURIComponent(put.key), put.key.toUpperCase()]) {
        const res = await t.app.request(`/api/files/${path}`)
        expect(res.status, path).toBe(404)
      }
    }
  })
})
