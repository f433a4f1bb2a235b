/*
 * The control for GET /transaction and GET /product on PostgreSQL (bench/api-load.ts): a bare node:http server
 * that runs the same SQL as the API (page, total, and for products the cover images) with `pg` on the same
 * database, through a pool of the API's size, and answers the same JSON. No session, no permission, no framework,
 * no validation: the floor of "page query + JSON" on this machine, measured in the same run as the API.
 *
 * Started as its own process: DATABASE_URL, CONTROL_VENDOR_ID. Prints its port on stdout.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'

import pg from 'pg'

// int8 (kobo, counts) as numbers, as drizzle's `mode: 'number'` does.
pg.types.setTypeParser(20, Number)

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 })
const vendorId = process.env.CONTROL_VENDOR_ID!

const TRANSACTION_PAGE = `
  select id, status, type, amount, fee, currency, reference, session_id, narration, originator_account_name,
    originator_bank_name, originator_account_number, beneficiary_account_name, beneficiary_bank_name,
    beneficiary_account_number, customer_id, customer_name, outlet_id, counterparty_kind, outlet_name, failure_reason, has_matching_order,
    has_shareable_order, order_reference, is_offline, is_pos, created_at, updated_at
  from transactions
  where vendor_id = $1
    and wallet_id = (select id from wallets where vendor_id = $1 and kind = 'main' and outlet_id is null)
  order by created_at desc, id desc limit $2 offset $3`
const TRANSACTION_TOTAL = `select transaction_count as total from wallets where vendor_id = $1 and kind = 'main' and outlet_id is null`

const PRODUCT_PAGE = `
  select p.id, p.name, p.description, p.is_published, p.category_id, c.id as collection_id, c.name as collection_name,
    p.min_price, p.max_price, p.variant_count, p.total_units, p.low_stock_count, p.created_at, p.updated_at
  from products p left join collections c on c.vendor_id = p.vendor_id and c.id = p.collection_id
  where p.vendor_id = $1 and p.deleted_at is null
  order by p.created_at desc, p.id desc limit $2 offset $3`
const PRODUCT_TOTAL = `select count(*) as total from products where vendor_id = $1 and deleted_at is null`
const COVERS = `
  select distinct on (product_id) product_id, id, storage_key from product_images
  where vendor_id = $1 and product_id = any($2) order by product_id, position asc`

type Row = Record<string, unknown>

async function transactionPage(page: number, size: number) {
  const [rows, total] = await Promise.all([
    pool.query<Row>(TRANSACTION_PAGE, [vendorId, size, (page - 1) * size]),
    pool.query<{ total: number }>(TRANSACTION_TOTAL, [vendorId]),
  ])
  const items = rows.rows.map((row) => ({
    id: row.id,
    status: row.status,
    type: row.type,
    amount: row.amount,
    fee: row.fee,
    currency: row.currency,
    reference: row.reference,
    sessionId: row.session_id,
    narration: row.narration,
    originatorAccountName: row.originator_account_name,
    originatorBankName: row.originator_bank_name,
    originatorAccountNumber: row.originator_account_number,
    beneficiaryAccountName: row.beneficiary_account_name,
    beneficiaryBankName: row.beneficiary_bank_name,
    beneficiaryAccountNumber: row.beneficiary_account_number,
    customerId: row.customer_id,
    customerName: row.customer_name,
    outletId: row.outlet_id,
    // As toTransaction answers an own transfer's other side (decision 112).
    internalTransfer:
      row.counterparty_kind && row.outlet_id && row.outlet_name
        ? { counterparty: row.counterparty_kind, outletId: row.outlet_id, outletName: row.outlet_name }
        : null,
    failureReason: row.failure_reason,
    hasMatchingOrder: row.has_matching_order,
    hasShareableOrder: row.has_shareable_order,
    orderReference: row.order_reference,
    isOffline: row.is_offline,
    isPOSTransaction: row.is_pos,
    createdAt: (row.created_at as Date).toISOString(),
    updatedAt: (row.updated_at as Date).toISOString(),
  }))
  return { items, page, size, total: total.rows[0]?.total ?? 0 }
}

async function productPage(page: number, size: number) {
  const [rows, total] = await Promise.all([
    pool.query<Row>(PRODUCT_PAGE, [vendorId, size, (page - 1) * size]),
    pool.query<{ total: number }>(PRODUCT_TOTAL, [vendorId]),
  ])
  const ids = rows.rows.map((row) => row.id as string)
  const covers = ids.length ? (await pool.query<Row>(COVERS, [vendorId, ids])).rows : []
  const coverOf = new Map(covers.map((cover) => [cover.product_id, cover]))
  const items = rows.rows.map((row) => {
    const cover = coverOf.get(row.id)
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      isPublished: row.is_published,
      categoryId: row.category_id,
      collection: row.collection_id ? { id: row.collection_id, name: row.collection_name } : null,
      minPrice: row.min_price,
      maxPrice: row.max_price,
      variantCount: row.variant_count,
      totalUnits: row.total_units,
      lowStockCount: row.low_stock_count,
      createdAt: (row.created_at as Date).toISOString(),
      updatedAt: (row.updated_at as Date).toISOString(),
      image: cover ? { id: cover.id, url: `/api/files/${cover.storage_key as string}` } : null,
    }
  })
  return { items, page, size, total: total.rows[0]?.total ?? 0 }
}

const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://control')
  const page = Number(url.searchParams.get('page') ?? 1)
  const size = Number(url.searchParams.get('size') ?? 20)
  const list = url.pathname === '/api/transaction' ? transactionPage : url.pathname === '/api/product' ? productPage : null
  if (!list) {
    response.writeHead(404).end()
    return
  }
  list(page, size).then(
    (data) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ message: 'Success', data }))
    },
    (error: Error) => {
      response.writeHead(500).end(error.message)
    },
  )
})
server.listen(0, '127.0.0.1', () => console.log((server.address() as AddressInfo).port))
process.once('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))))
