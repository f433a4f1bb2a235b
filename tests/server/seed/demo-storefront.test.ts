import { describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { DEMO, DEMO_SHOP_LOOK, seedDemo } from '#server/seed/demo'
import { MemoryStorage } from '#server/storage'

import { call, makeApp } from '../harness'

/* The demo vendor's storefront works out of the box: /shop/mama-put-kitchen after `npm start`. */

describe('the demo storefront', () => {
  it('shows Mama Put Kitchen in its look, with its published products all buyable', async () => {
    const t = await makeApp()
    await seedDemo(t.db, { storage: new MemoryStorage(), origin: 'http://localhost:3000' })
    const res = await call(t.app, endpoints.storefront, { query: { url: DEMO.shopUrl } })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const shop = res.body.data
    expect(shop).toMatchObject({
      name: DEMO.vendorName,
      url: DEMO.shopUrl,
      description: DEMO_SHOP_LOOK.description,
      font: { id: 'poppins' },
      background: { id: 'sand' },
    })
    expect(shop.products.total).toBe(6)
    // Every variant on sale can be bought: none is left without a pay link.
    const links = shop.products.items.flatMap((p: { variants: { payLink: string | null }[] }) => p.variants.map((v) => v.payLink))
    expect(links.length).toBeGreaterThan(10)
    expect(links.every((link: string | null) => link?.startsWith('/pay/'))).toBe(true)
  })
})
