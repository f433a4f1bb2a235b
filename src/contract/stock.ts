import * as v from 'valibot'

import { MAX_UNITS, ProductVariant, units } from './catalogue'
import { id, optionalText, page, pageQuery } from './common'
import { endpoint } from './endpoint'
import { StockPlace, StockTransfer } from './stock-locations'

/*
 * Stock per location (issue 41, decision 174). A location is the main store (outletId null) or an outlet. Who sees
 * which outlet is decision 043's rule: the owner and team managers see every location; a member of outlets sees
 * only theirs (not the main store); a member of no outlet sees the main store. Another location answers 404.
 */

export const MAX_STOCK_NOTE = 200

/** Null, or an outlet id: where units are. */
const location = v.nullable(id)

export const stockEndpoints = {
  setLocationStock: endpoint({
    method: 'PATCH',
    path: '/product/stock',
    summary:
      "Set a variant's units (and optionally its low-stock threshold, null to clear) at one location the caller sees. " +
      'The variant’s availableUnits (the total over every location) follows in the same transaction. With unitsWere, ' +
      "409 VARIANT_UNITS_CHANGED when the location's units are no longer that number.",
    permission: 'VENDOR_INVENTORY',
    body: v.object({
      variantId: id,
      outletId: location,
      units: v.optional(units),
      unitsWere: v.optional(units),
      threshold: v.optional(v.nullable(units)),
    }),
    response: ProductVariant,
    errors: ['NOT_FOUND', 'VARIANT_UNITS_CHANGED'],
  }),
  transferStock: endpoint({
    method: 'POST',
    path: '/product/stock/transfer',
    status: 201,
    summary:
      'Move units of a variant from one location to another, both seen by the caller, in one transaction; recorded ' +
      'with who and when. 409 NOT_ENOUGH_STOCK when the source holds fewer.',
    permission: 'VENDOR_INVENTORY',
    idempotent: true,
    body: v.pipe(
      v.object({
        variantId: id,
        fromOutletId: location,
        toOutletId: location,
        quantity: v.pipe(
          v.number('must be a number'),
          v.safeInteger('must be a whole number'),
          v.minValue(1, 'must be at least 1'),
          v.maxValue(MAX_UNITS, 'must be at most 1,000,000,000'),
        ),
        note: optionalText(MAX_STOCK_NOTE),
      }),
      v.forward(
        v.check((b) => b.fromOutletId !== b.toOutletId, 'must be another location than the one units leave'),
        ['toOutletId'],
      ),
    ),
    response: StockTransfer,
    errors: ['NOT_FOUND', 'NOT_ENOUGH_STOCK', 'IDEMPOTENCY_KEY_REUSED'],
  }),
  listStockTransfers: endpoint({
    method: 'GET',
    path: '/product/stock/transfers',
    summary: "A product's stock transfers, newest first: those from or to a location the caller sees.",
    permission: 'VENDOR_INVENTORY',
    query: v.object({ ...pageQuery, productId: id }),
    response: page(StockTransfer),
    errors: ['NOT_FOUND'],
  }),
  orderLocations: endpoint({
    method: 'GET',
    path: '/order/locations',
    summary:
      'Where the caller may make an order (whose stock it takes): the main store and active outlets they see. The order ' +
      'form offers a choice when there are several.',
    permission: 'VENDOR_ORDERS',
    response: v.array(StockPlace),
  }),
}
