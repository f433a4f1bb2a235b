import type { sellingTermsEndpoints } from '#contract/selling-terms'

import { lagosDate } from '../analytics'
import type { HandlersFor } from '../http/types'
import { createCoupon, findCoupon, listCoupons, toCoupon, updateCoupon } from '../selling-terms/coupons'
import {
  createDeliveryLocation,
  listDeliveryLocations,
  toDeliveryLocation,
  updateDeliveryLocation,
} from '../selling-terms/delivery-locations'
import { createTax, deleteTax, listTaxes, toTax, updateTax } from '../selling-terms/taxes'

/** Coupons, taxes and delivery locations: the terms an order is priced with besides the catalogue. */
export const sellingTermsHandlers: HandlersFor<typeof sellingTermsEndpoints> = {
  async listCoupons({ auth, db, deps, query }) {
    return { data: await listCoupons(db, auth.vendorId, query, deps.clock.now()) }
  },

  async couponDetail({ auth, db, deps, query }) {
    return { data: toCoupon(await findCoupon(db, auth.vendorId, query.id), lagosDate(deps.clock.now())) }
  },

  async createCoupon({ auth, body, db, deps }) {
    const now = deps.clock.now()
    const row = await createCoupon(db, auth.vendorId, body, now)
    return { data: toCoupon(row, lagosDate(now)), message: 'Coupon created' }
  },

  async updateCoupon({ auth, body, db, deps }) {
    const now = deps.clock.now()
    const { id, ...changes } = body
    const row = await updateCoupon(db, auth.vendorId, id, changes, now)
    const message = changes.enabled === false ? 'Coupon deactivated' : changes.enabled === true ? 'Coupon activated' : 'Coupon updated'
    return { data: toCoupon(row, lagosDate(now)), message }
  },

  async listTaxes({ auth, db, query }) {
    return { data: await listTaxes(db, auth.vendorId, query) }
  },

  async createTax({ auth, body, db, deps }) {
    return { data: toTax(await createTax(db, auth.vendorId, body, deps.clock.now())), message: 'Tax added' }
  },

  async updateTax({ auth, body, db }) {
    const { id, ...changes } = body
    return { data: toTax(await updateTax(db, auth.vendorId, id, changes)), message: 'Tax updated' }
  },

  async deleteTax({ auth, db, query }) {
    await deleteTax(db, auth.vendorId, query.id)
    return { data: null, message: 'Tax deleted' }
  },

  async listDeliveryLocations({ auth, db, query }) {
    return { data: await listDeliveryLocations(db, auth.vendorId, query) }
  },

  async createDeliveryLocation({ auth, body, db, deps }) {
    const row = await createDeliveryLocation(db, auth.vendorId, body, deps.clock.now())
    return { data: toDeliveryLocation(row), message: 'Delivery location created' }
  },

  async updateDeliveryLocation({ auth, body, db, deps }) {
    const { id, ...changes } = body
    const row = await updateDeliveryLocation(db, auth.vendorId, id, changes, deps.clock.now())
    return { data: toDeliveryLocation(row), message: 'Delivery location updated' }
  },
}
