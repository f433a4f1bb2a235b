import { describe, expect, it } from 'vitest'
import { DEMO, seedDemo } from '../../src/server/seed'
import { MemoryStorage } from '../../src/server/storage'
import { call, makeApp } from './harness'

/* The demo vendor's storefront works out of the box: /shop/mama-put-kitchen after `npm start`. */

describe('the demo storefront', () => {
  it('shows Mama Put Kitchen with published products, one of them with a Buy link', async () => {
    const t = await makeApp()
    await seedDemo(t.db, { storage: new MemoryStorage(), origin: 'http://localhost:3000' })
    const res = await call(t.app, 'GET', '/storefront', { query: { url: DEMO.shopUrl } })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const shop = res.body.data
    expect(shop).toMatchObject({ name: DEMO.vendorName, url: DEMO.shopUrl, font: { id: 'inter' }, background: { id: 'plain' } })
    expect(shop.products.total).toBeGreaterThan(0)
    const links = shop.products.items.flatMap((p: { variants: { payLink: string | null }[] }) => p.variants.map((v) => v.payLink))
    expect(links.some((link: string | null) => link?.startsWith('/pay/'))).toBe(true)
  })
})
