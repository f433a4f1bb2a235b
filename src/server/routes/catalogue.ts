import type { catalogueEndpoints, Product, ProductVariant } from '#contract/catalogue'

import type { Auth } from '../auth/sessions'
import { createCollection, deleteCollection, listCollections, renameCollection, setCollectionVisibility } from '../catalogue/collections'
import { payLinkLocation, stockScope, withLocations } from '../catalogue/locations'
import { generatePayLink, payLinkView } from '../catalogue/paylinks'
import { listProducts, loadProduct } from '../catalogue/product-list'
import { createProduct, deleteProduct, updateProduct } from '../catalogue/products'
import { totalsLocation } from '../catalogue/totals'
import { listVariants, setStockAlert, updateVariant } from '../catalogue/variants'
import type { Db } from '../db/client'
import { publicOrigin } from '../http/public-origin'
import type { HandlersFor } from '../http/types'
import { payLinkCheckout } from '../orders/paylink-checkout'
import { ensurePaymentAccountOf } from '../orders/payment-accounts'
import { enforce, LIMITS } from '../rate-limit'

type Caller = { db: Db; auth: Auth }

const productWithLocations = async (ctx: Caller, product: Product): Promise<Product> => ({
  ...product,
  variants: await withLocations(ctx.db, ctx.auth, product.variants),
})

const variantWithLocations = async (ctx: Caller, variant: ProductVariant): Promise<ProductVariant> =>
  (await withLocations(ctx.db, ctx.auth, [variant]))[0]!

/** Where the caller's change of a variant's total lands: the main store, or a member of outlets' own (decision 187). */
const totalsAt = async (ctx: Caller) => totalsLocation(await stockScope(ctx.db, ctx.auth))

export const catalogueHandlers: HandlersFor<typeof catalogueEndpoints> = {
  async listCollections({ auth, db, query }) {
    return { data: await listCollections(db, auth.vendorId, query) }
  },

  async createCollection({ auth, body, db }) {
    return { data: await createCollection(db, auth.vendorId, body), message: 'Collection added' }
  },

  async updateCollection({ auth, body, db }) {
    return { data: await renameCollection(db, auth.vendorId, body), message: 'Collection updated' }
  },

  async deleteCollection({ auth, db, query }) {
    await deleteCollection(db, auth.vendorId, query.id)
    return { data: null, message: 'Collection deleted' }
  },

  async setCollectionVisibility({ auth, body, db }) {
    const data = await setCollectionVisibility(db, auth.vendorId, body.id, body.isVisible)
    return { data, message: data.isVisible ? 'Collection is visible' : 'Collection is hidden' }
  },

  async listVariants(ctx) {
    const found = await listVariants(ctx.db, ctx.auth.vendorId, ctx.query, publicOrigin(ctx))
    return { data: { ...found, items: await withLocations(ctx.db, ctx.auth, found.items) } }
  },

  async createProduct(ctx) {
    const data = await productWithLocations(
      ctx,
      await createProduct(ctx.deps, ctx.auth.vendorId, ctx.body, publicOrigin(ctx), await totalsAt(ctx)),
    )
    return { data, message: 'Product added' }
  },

  async updateProduct(ctx) {
    const data = await productWithLocations(
      ctx,
      await updateProduct(ctx.deps, ctx.auth.vendorId, ctx.body, publicOrigin(ctx), await totalsAt(ctx)),
    )
    return { data, message: 'Product updated' }
  },

  async listProducts({ auth, db, query }) {
    return { data: await listProducts(db, auth.vendorId, query) }
  },

  async productDetail(ctx) {
    return { data: await productWithLocations(ctx, await loadProduct(ctx.db, ctx.auth.vendorId, ctx.query.id, publicOrigin(ctx))) }
  },

  async deleteProduct({ auth, db, query }) {
    await deleteProduct(db, auth.vendorId, query.id)
    return { data: null, message: 'Product deleted' }
  },

  async updateVariant(ctx) {
    const data = await variantWithLocations(
      ctx,
      await updateVariant(ctx.deps, ctx.auth.vendorId, ctx.body, publicOrigin(ctx), await totalsAt(ctx)),
    )
    return { data, message: 'Variant updated' }
  },

  async generatePayLink(ctx) {
    const outletId = await payLinkLocation(ctx.db, ctx.auth, ctx.body.id, ctx.body.outletId)
    const made = await generatePayLink(ctx.deps, ctx.auth.vendorId, ctx.body.id, publicOrigin(ctx), outletId)
    return { data: await variantWithLocations(ctx, made), message: 'Payment link generated' }
  },

  async setStockAlert(ctx) {
    const data = await variantWithLocations(ctx, await setStockAlert(ctx.deps, ctx.auth.vendorId, ctx.body, publicOrigin(ctx)))
    return { data, message: 'Stock level alert updated' }
  },

  async payLink({ db, query }) {
    return { data: await payLinkView(db, query.code) }
  },

  async payLinkCheckout({ body, db, deps, ip }) {
    await enforce(deps.rateLimiter, LIMITS.payLinkCheckoutPerIp, ip)
    await enforce(deps.rateLimiter, LIMITS.payLinkCheckoutPerLink, body.code)
    const data = await payLinkCheckout(db, body, deps.clock.now())
    // The order's own account, if the provider answers in time; its page asks again otherwise (decision 148).
    const account = await ensurePaymentAccountOf(deps, data.reference)
    const message = account
      ? `Pay into the account shown for ${data.reference}: no narration needed`
      : `Quote ${data.reference} in your transfer narration`
    return { data, message }
  },
}
