import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { fetchProductImageJob } from '#server/catalogue/image-fetch-job'
import { productImages } from '#server/db/schema'
import { GiveUp } from '#server/jobs'

import { catalogueApp, makeProduct, PNG, seller } from './helpers'

/*
 * The `fetch-product-image` job (decision 177): an imported image URL is fetched after the import, never from a
 * private address (the webhooks' address guard), and only an image is kept.
 */

let t: Awaited<ReturnType<typeof catalogueApp>>
let server: Server
let requests = 0
let origin = ''
beforeAll(async () => {
  t = await catalogueApp()
  server = createServer((req, res) => {
    requests++
    if (req.url === '/shirt.png') res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from(PNG))
    else res.writeHead(200, { 'content-type': 'text/html' }).end('<html>not an image</html>')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const imagesOf = (productId: string) => t.db.select().from(productImages).where(eq(productImages.productId, productId))

describe('fetch-product-image', () => {
  it('refuses a URL to a private address without sending it a request, and gives up at once', async () => {
    const s = await seller(t)
    const product = await makeProduct(t, s.token)
    const before = requests
    for (const url of [`${origin}/shirt.png`, 'http://169.254.169.254/latest/meta-data', 'http://[::1]/x.png', 'http://localhost/x.png']) {
      const job = fetchProductImageJob(t.deps, { vendorId: s.vendor.id, productId: product.id, url, position: 0 })
      await expect(job, url).rejects.toBeInstanceOf(GiveUp)
      await expect(job).rejects.toThrow(/^Refused: .* (is not a public address|which is not a public address)/)
    }
    expect(requests).toBe(before)
    expect(await imagesOf(product.id)).toEqual([])
  })

  it('stores what sniffs as an image (a test server standing in for the internet), refuses what does not', async () => {
    const s = await seller(t)
    const product = await makeProduct(t, s.token)
    const payload = { vendorId: s.vendor.id, productId: product.id, url: `${origin}/shirt.png`, position: 0 }
    await fetchProductImageJob(t.deps, payload, { allowPrivateAddresses: true })
    const [stored] = await imagesOf(product.id)
    expect(stored).toMatchObject({ contentType: 'image/png', position: 0 })
    expect(await t.storage.get(stored!.storageKey)).toMatchObject({ contentType: 'image/png' })
    const page = fetchProductImageJob(t.deps, { ...payload, url: `${origin}/page`, position: 1 }, { allowPrivateAddresses: true })
    await expect(page).rejects.toThrow('The URL did not answer a JPEG, PNG or WebP image')
    expect(await imagesOf(product.id)).toHaveLength(1)
  })
})
