import { randomUUID } from 'node:crypto'

import { and, eq, isNull } from 'drizzle-orm'

import { nubanFor } from '#contract/nuban'
import type { OrderKind } from '#contract/orders'

import { startOfLagosDay } from '../analytics'
import { type Clock, DAY_MS, HOUR_MS, MINUTE_MS } from '../clock'
import { findOrCreateCustomer } from '../customers/upsert'
import type { Db } from '../db/client'
import { customers } from '../db/sales-schema'
import { deliveryLocations, products, productVariants, taxes, users } from '../db/schema'
import { bankByCode } from '../money/banks'
import { vendorWallet } from '../money/ledger'
import { SandboxBankingProvider } from '../money/sandbox-bank'
import { createOrder, type NewOrder, type OrderActor } from '../orders/create'
import { receiveBankCredit } from '../orders/inbound'
import { refundOrder } from '../orders/refunds'
import { changeOrderStatus } from '../orders/status'
import { runInTimeOrder, type SeedStep } from './timeline'

/*
 * The demo vendor's sales: a dozen customers and two weeks of orders and invoices in every state a vendor meets,
 * made through the same functions the API uses (orders, sandbox transfers quoting the reference, status changes,
 * refunds through the sandbox bank). Needs the catalogue and selling terms seeded first. Amounts in kobo.
 */

interface SeedCustomer {
  name: string
  email?: string
  phone?: string
  /**
   * The account they pay from: CBN bank code and 9-digit serial (docs/sandbox-banking.md). A payer is bank and
   * account (decision 088): no one else in the seed, here or in history.ts, pays from the same one, except the
   * same person (Aisha, Chukwuemeka and Ngozi also paid without an order there).
   */
  bank: [string, string]
}

const CUSTOMERS: SeedCustomer[] = [
  { name: 'Aisha Bello', email: 'aisha.bello@gmail.com', phone: '08031230001', bank: ['044', '069000003'] },
  { name: 'Chukwuemeka Obi', email: 'emeka.obi@yahoo.com', bank: ['058', '012398745'] },
  { name: 'Funke Adeyemi Events', email: 'hello@funkeevents.ng', phone: '08091230003', bank: ['057', '208555123'] },
  { name: 'Ngozi Eze', phone: '08051230004', bank: ['057', '208765432'] },
  { name: 'Ibrahim Musa', email: 'ibrahim.musa@outlook.com', bank: ['033', '102777345'] },
  { name: 'Temitope Olawale', phone: '07031230006', bank: ['50211', '200555678'] },
  { name: 'Andela Lagos Office', email: 'ops@lagos-office.ng', bank: ['011', '301777456'] },
  { name: 'Halima Danjuma', phone: '08121230008', bank: ['50515', '660555234'] },
  { name: 'Obinna Nnamdi', email: 'obinna.n@gmail.com', bank: ['232', '005777312'] },
  { name: 'Yetunde Afolabi', email: 'yetunde.afolabi@gmail.com', phone: '09031230010', bank: ['035', '017555893'] },
  { name: 'Babajide Oyelaran', phone: '08021230011', bank: ['999992', '803777125'] },
  { name: 'Zainab Yusuf', email: 'zainab.yusuf@icloud.com', bank: ['999991', '902777346'] },
]

/** A catalogue line ['Product', 'Option values joined by /', quantity] or a custom line. */
type Line = [string, string, number] | { name: string; amount: number; quantity: number }

interface Plan {
  /** Days before today (Lagos) and hour of that day. */
  at: [number, number]
  kind?: OrderKind
  shareable?: boolean
  /** Index into CUSTOMERS; null: an order naming nobody. */
  customer: number | null
  lines: Line[]
  tax?: boolean
  delivery?: string
  coupon?: string
  /** How the customer pays, by transfer quoting the reference. */
  pay?: 'full' | 'part' | 'over'
  /** Made for an offline credit that arrived first (Create order on a transaction). */
  fromCredit?: boolean
  then?: 'fulfilled' | 'abandoned' | 'failed' | 'refund-part' | 'refund-full'
}

const PLANS: Plan[] = [
  { at: [13, 11], customer: 0, lines: [['Jollof rice', 'Regular/Chicken', 2]], delivery: 'Yaba', pay: 'full', then: 'fulfilled' },
  {
    at: [13, 15],
    shareable: true,
    customer: 1,
    lines: [
      ['Fried rice', 'Large', 1],
      ['Zobo drink', '50cl', 2],
    ],
    pay: 'full',
    then: 'fulfilled',
  },
  {
    at: [12, 10],
    kind: 'invoice',
    customer: 2,
    lines: [{ name: 'Wedding catering deposit', amount: 150_000_00, quantity: 1 }],
    tax: true,
    pay: 'part',
  },
  { at: [12, 14], customer: null, lines: [['Puff-puff', '10 pieces', 3]], then: 'abandoned' },
  { at: [11, 12], shareable: true, customer: 3, lines: [['Egusi soup', 'Pounded yam', 2]], delivery: 'Lekki Phase 1', pay: 'full' },
  { at: [11, 18], customer: 4, lines: [['Jollof rice', 'Large/Beef', 1]], pay: 'over' },
  { at: [10, 9], customer: 5, lines: [['Fried rice', 'Regular', 2]], tax: true, pay: 'full', then: 'refund-part' },
  {
    at: [10, 16],
    kind: 'invoice',
    shareable: true,
    customer: 6,
    lines: [{ name: 'Office lunch, 20 packs', amount: 3_000_00, quantity: 20 }],
    tax: true,
    pay: 'full',
    then: 'fulfilled',
  },
  { at: [9, 13], customer: null, lines: [['Zobo drink', '1 litre', 2]], then: 'failed' },
  {
    at: [9, 17],
    customer: 7,
    lines: [
      ['Jollof rice', 'Regular/Turkey', 2],
      ['Puff-puff', '20 pieces', 1],
    ],
    delivery: 'Yaba',
    pay: 'full',
  },
  { at: [8, 11], shareable: true, customer: 8, lines: [['Egusi soup', 'Eba', 1]] },
  { at: [8, 15], kind: 'invoice', customer: 9, lines: [{ name: 'Birthday small chops', amount: 45_000_00, quantity: 1 }], pay: 'full' },
  { at: [7, 12], customer: 10, lines: [['Fried rice', 'Large', 2]], pay: 'full', then: 'refund-full' },
  {
    at: [6, 10],
    customer: 11,
    lines: [
      ['Jollof rice', 'Large/Chicken', 1],
      ['Zobo drink', '50cl', 1],
    ],
    coupon: 'WELCOME10',
    pay: 'full',
    then: 'fulfilled',
  },
  { at: [6, 19], shareable: true, customer: 0, lines: [['Puff-puff', '20 pieces', 2]], coupon: 'WELCOME10', pay: 'part' },
  { at: [5, 13], customer: null, lines: [['Jollof rice', 'Regular/Beef', 2]], fromCredit: true },
  {
    at: [4, 11],
    kind: 'invoice',
    shareable: true,
    customer: 3,
    lines: [{ name: 'Naming ceremony trays', amount: 85_000_00, quantity: 1 }],
    tax: true,
    delivery: 'Lekki Phase 1',
  },
  { at: [4, 16], customer: null, lines: [{ name: 'Walk-in lunch', amount: 2_500_00, quantity: 2 }], pay: 'full', then: 'fulfilled' },
  { at: [3, 12], customer: 5, lines: [['Egusi soup', 'Amala', 2]], delivery: 'Yaba', pay: 'full' },
  { at: [3, 18], shareable: true, customer: 7, lines: [['Zobo drink', '1 litre', 3]] },
  { at: [2, 10], customer: 1, lines: [['Jollof rice', 'Regular/Chicken', 3]], tax: true, pay: 'full' },
  {
    at: [2, 15],
    kind: 'invoice',
    customer: 11,
    lines: [{ name: 'Monthly office lunch', amount: 120_000_00, quantity: 1 }],
    tax: true,
    pay: 'part',
  },
  {
    at: [1, 12],
    customer: 9,
    lines: [
      ['Fried rice', 'Regular', 1],
      ['Puff-puff', '10 pieces', 1],
    ],
  },
  { at: [1, 17], shareable: true, customer: 10, lines: [['Jollof rice', 'Large/Turkey', 1]], delivery: 'Yaba', pay: 'full' },
  { at: [0, 10], customer: null, lines: [['Zobo drink', '50cl', 4]] },
]

/** A plan's time, kept in the past and in order when the seed runs early in a Lagos day (as demo.ts does). */
function planTimes(now: Date): Date[] {
  const today = startOfLagosDay(now).getTime()
  return PLANS.map(({ at: [days, hour] }, i) => {
    const planned = today - days * DAY_MS + hour * HOUR_MS
    return new Date(Math.min(planned, now.getTime() - (PLANS.length - i) * 7 * MINUTE_MS))
  })
}

const later = (at: Date, minutes: number) => new Date(at.getTime() + minutes * MINUTE_MS)

async function lookups(db: Db, vendorId: string) {
  const variants = await db
    .select({ id: productVariants.id, options: productVariants.options, productName: products.name })
    .from(productVariants)
    .innerJoin(products, and(eq(products.vendorId, productVariants.vendorId), eq(products.id, productVariants.productId)))
    .where(and(eq(productVariants.vendorId, vendorId), isNull(productVariants.deletedAt), isNull(products.deletedAt)))
  const taxRows = await db.select({ id: taxes.id }).from(taxes).where(eq(taxes.vendorId, vendorId))
  const places = await db
    .select({ id: deliveryLocations.id, name: deliveryLocations.name })
    .from(deliveryLocations)
    .where(eq(deliveryLocations.vendorId, vendorId))
  const variantIds = new Map(variants.map((v) => [`${v.productName}|${Object.values(v.options).join('/')}`, v.id]))
  return {
    variant: (product: string, options: string) => {
      const id = variantIds.get(`${product}|${options}`)
      if (!id) throw new Error(`seedSales: the catalogue has no ${product} (${options})`)
      return id
    },
    taxIds: taxRows.map((row) => row.id),
    place: (name: string) => places.find((place) => place.name === name)?.id,
  }
}

/**
 * A seed person as the one customer they are: found or made by the account they pay from, as a transfer does (the
 * history may have made them already), then given their email and phone, so that their orders find the same row.
 */
async function seedCustomer(db: Db, vendorId: string, customer: SeedCustomer, at: Date): Promise<string> {
  const row = await findOrCreateCustomer(db, vendorId, { account: account(customer) }, at)
  await db
    .update(customers)
    .set({ name: customer.name, email: customer.email?.toLowerCase() ?? null, phone: customer.phone ?? null })
    .where(and(eq(customers.vendorId, vendorId), eq(customers.id, row.id)))
  return row.id
}

const account = (customer: SeedCustomer) => {
  const [bankCode, serial] = customer.bank
  return { accountNumber: nubanFor(bankCode, serial), accountName: customer.name, bankName: bankByCode(bankCode)!.name }
}

export interface SeedSalesOptions {
  vendorId: string
  /** Who made the orders; the vendor's owner when omitted. */
  userId?: string
  clock: Clock
}

/** Creates the demo sales. Call it once, after seedCatalogue and seedSellingTerms, when the demo vendor is made. */
export async function seedSales(db: Db, options: SeedSalesOptions): Promise<void> {
  await runInTimeOrder(await salesSteps(db, options))
}

/** The demo sales as dated steps, one per order (the demo runs them among its other history, by date). */
export async function salesSteps(db: Db, { vendorId, userId, clock }: SeedSalesOptions): Promise<SeedStep[]> {
  const [user] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.vendorId, vendorId), userId ? eq(users.id, userId) : eq(users.role, 'owner')))
  const actor: OrderActor = { vendorId, userId: user?.id ?? null, name: user?.name ?? null }
  // In sequence: the seed runs inside one transaction, whose queries share a connection.
  const find = await lookups(db, vendorId)
  const wallet = await vendorWallet(db, vendorId, 'main')
  if (!wallet) throw new Error(`seedSales: vendor ${vendorId} has no main wallet`)
  const bank = new SandboxBankingProvider()
  const credit = (customer: SeedCustomer | undefined, amount: number, narration: string, at: Date) =>
    receiveBankCredit(db, {
      vendorId,
      wallet,
      amount,
      originator: customer
        ? account(customer)
        : { accountNumber: nubanFor('058', '412345670'), accountName: 'Kunle Ade', bankName: 'Guaranty Trust Bank' },
      narration,
      createdAt: at,
    })

  const customerIds = new Map<SeedCustomer, string>()
  return planTimes(clock.now()).map((at, i) => ({ at, run: () => sell(PLANS[i]!, at) }))

  async function sell(plan: Plan, at: Date): Promise<void> {
    const customer = plan.customer === null ? undefined : CUSTOMERS[plan.customer]
    if (customer && !customerIds.has(customer)) customerIds.set(customer, await seedCustomer(db, vendorId, customer, at))
    const input: NewOrder = {
      kind: plan.kind ?? 'order',
      customerId: customer ? customerIds.get(customer) : undefined,
      items: plan.lines.map((line) => (Array.isArray(line) ? { variantId: find.variant(line[0], line[1]), quantity: line[2] } : line)),
      taxIds: plan.tax ? find.taxIds : [],
      deliveryLocationId: plan.delivery ? find.place(plan.delivery) : undefined,
      couponCode: plan.coupon,
      shareable: plan.shareable,
    }
    if (plan.fromCredit) {
      // The money came first (an offline credit), then the vendor made the order for it.
      const { transaction } = await credit(undefined, 6_400_00, 'Lunch for two, beef', at)
      await createOrder(db, actor, { ...input, transactionReference: transaction.reference }, later(at, 4))
      return
    }
    const { order } = await createOrder(db, actor, input, at)
    if (plan.pay && customer) {
      const amount = { full: order.amount, part: Math.floor(order.amount * 0.6), over: order.amount + 500_00 }[plan.pay]
      await credit(customer, amount, `Payment for ${order.reference}`, later(at, 3))
    } else if (plan.pay) {
      await credit(undefined, order.amount, `${order.reference} lunch`, later(at, 3))
    }
    if (plan.then === 'fulfilled' || plan.then === 'abandoned' || plan.then === 'failed') {
      const narration = { fulfilled: 'Delivered', abandoned: 'Customer stopped answering', failed: 'Wrong address' }[plan.then]
      await changeOrderStatus(db, actor, { reference: order.reference, status: plan.then, narration }, later(at, 5))
    } else if (plan.then) {
      const deps = { db, banking: bank, clock: { now: () => later(at, 6) }, logger: console, transferTimeoutMs: 5_000 }
      const amount = plan.then === 'refund-part' ? Math.floor(order.amount / 2) : undefined
      const narration = plan.then === 'refund-part' ? 'One plate was missing' : 'Kitchen closed early'
      await refundOrder(deps, actor, { reference: order.reference, amount, narration, idempotencyKey: `seed-${randomUUID()}` })
    }
  }
}
