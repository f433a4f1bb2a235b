import { randomUUID } from 'node:crypto'

import { type SQL, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { accessOf, type EndpointDef, isFileEndpoint, type QueryInput, successStatusOf } from '#contract/endpoint'
import { endpoints } from '#contract/index'
import { lagosDate } from '#server/analytics'
import { createApp } from '#server/app'
import { jobs } from '#server/db/platform-schema'
import { outletMembers } from '#server/db/team-schema'
import { webhookDeliveries } from '#server/db/webhooks-schema'
import { resolveDeps } from '#server/deps'
import { newSessionId } from '#server/money/ledger'
import { PaystackBankingProvider } from '#server/money/paystack'
import { signPaystackBody } from '#server/money/paystack/webhook'
import { signWebhookBody } from '#server/money/webhook-signature'
import { deliveryJobKey, recordWebhookEvent } from '#server/webhooks/outbox'

import { makeCollection, makeProduct } from '../catalogue/helpers'
import { conforming } from '../conformance'
import { call, createMember, type TestApp } from '../harness'
import { account, enquiry, PIN, randomSerial, tokenFor } from '../money/helpers'
import { reviewedBatchId, scheduledBatchId } from '../money/payout-batch-helpers'
import { register, type Registered, verify } from '../onboarding/helpers'
import { makeDelivery, makeTax, order, pay, salesApp, type Shop, shop, transferIn, WEBHOOK_SECRET } from '../orders/helpers'
import { makeOutlet } from '../outlets/helpers'
import { invite, newPhone } from '../team/helpers'
import { seedWorld, type WorldIds } from './endpoint-world'
import {
  casesFor,
  CATALOGUE_LABELS,
  type Example,
  exampleProblems,
  type FilePart,
  type FuzzCase,
  PDF_FILE,
  PNG_FILE,
  SHARED_WHOLE_LABELS,
  verdict,
} from './fuzz-inputs'

/*
 * The fuzz suite of issue 8 (docs/decisions/066): every endpoint of the contract gets a fixed, seeded set of nasty
 * inputs (fuzz-inputs.ts), sent as a caller the endpoint lets through. Every answer must be below 500; every
 * refusal must carry a message (and a 422 its issues, naming fields of the contract); input the contract refuses
 * must be refused with 400, 413 or 422; and a refused request must leave the database as it found it.
 */

const OPERATOR_KEY = 'o'.repeat(64)
const all = Object.entries(endpoints) as [string, EndpointDef][]

let t: TestApp
/**
 * Paystack's webhook is served only when Paystack is the provider (decision 139): an app of its own over the same
 * database. Its events touch only the database, so its provider is never asked anything (nothing listens there).
 */
let paystackApp: TestApp['app']
const PAYSTACK_KEY = 'sk_test_fuzz0123456789abcdef'
let s: Shop
const loggedErrors: unknown[][] = []
const ids = {} as WorldIds & {
  collectionId: string
  taxId: string
  deliveryId: string
  paidOrderReference: string
  shareableCode: string
  memberId: string
  invitedId: string
  domainId: string
  shopUrl: string
}

const today = () => lagosDate(t.clock.now())
const unique = () => randomUUID().slice(0, 8)

async function ownerGet<E extends EndpointDef>(endpoint: E, query?: QueryInput<E>) {
  const res = await call(t.app, endpoint, { token: s.token, query })
  expect(res.status, `${endpoint.path} ${JSON.stringify(res.body)}`).toBe(200)
  return res.body.data
}

async function newPendingOrder() {
  return (await order(t, s.token, { items: [{ variantId: ids.variantId, quantity: 1 }], customer: { name: 'Ada Fuzz' } }))
    .reference as string
}

/** A webhook endpoint of its own (the vendor's others removed first: 10 at most per vendor). */
async function webhookEndpointId(): Promise<string> {
  for (const { id } of await ownerGet(endpoints.listWebhookEndpoints))
    await call(t.app, endpoints.deleteWebhookEndpoint, { token: s.token, query: { id } })
  const res = await call(t.app, endpoints.createWebhookEndpoint, {
    token: s.token,
    body: { url: 'https://example.com/fuzz', events: ['dispute.updated'] },
  })
  return res.body.data.id
}

/**
 * A delivery to resend, whose endpoint is then paused and its job ended: no worker of another file (a shared
 * PostgreSQL) sends it, and a resend is refused (409) rather than queued.
 */
async function webhookDeliveryId(): Promise<string> {
  const endpointId = await webhookEndpointId()
  const at = t.clock.now()
  const data = {
    disputeId: 'd',
    orderReference: 'ORD-FUZZ',
    title: 'Fuzz',
    status: 'open',
    messageCount: 0,
    change: 'opened',
    updatedAt: at.toISOString(),
  } as const
  await recordWebhookEvent(t.db, {
    vendorId: s.vendor.id,
    type: 'dispute.updated',
    key: `fuzz:${unique()}`,
    subject: 'dispute:d',
    at,
    data,
  })
  const [delivery] = await t.db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(sql`${webhookDeliveries.endpointId} = ${endpointId}`)
  await t.db
    .update(jobs)
    .set({ state: 'done' })
    .where(sql`${jobs.dedupeKey} = ${deliveryJobKey(delivery!.id)}`)
  await call(t.app, endpoints.updateWebhookEndpoint, { token: s.token, body: { id: endpointId, isEnabled: false } })
  return delivery!.id
}

/*
 * Placeholders in examples, replaced in each request by something fresh (personalise), so that a case is not
 * refused only because an earlier one took the name, spent the name enquiry or disputed the order.
 */
const UNIQUE = 'uq0000000'
const FRESH_PHONE = '08011110000'
const FRESH_REQUEST = 'NE-fresh-request'
const FRESH_ORDER = 'ORD-FRESH-ORDER'
let uniques = 0

/** The request text with its placeholders filled; writes (a name enquiry, an order) only when allowed to. */
async function personalise(text: string, mayWrite: boolean): Promise<{ text: string; wrote: boolean }> {
  let wrote = false
  let out = text.replaceAll(UNIQUE, () => `u${(++uniques).toString(36).padStart(8, '0')}`).replaceAll(FRESH_PHONE, () => newPhone())
  if (mayWrite && out.includes(FRESH_REQUEST)) {
    out = out.replaceAll(FRESH_REQUEST, await enquiry(t, s))
    wrote = true
  }
  if (mayWrite && out.includes(FRESH_ORDER)) {
    out = out.replaceAll(FRESH_ORDER, await newPendingOrder())
    wrote = true
  }
  return { text: out, wrote }
}

/**
 * A valid input for every endpoint that takes one, built when its turn comes (so it sees what earlier endpoints
 * changed). Endpoints that destroy what they are given (delete, deactivate, remove) get a row of their own.
 */
const examples: Record<string, () => Example | Promise<Example>> = {
  login: () => ({ body: { email: s.owner.email, password: s.owner.password } }),
  forgotPassword: () => ({ body: { email: s.owner.email } }),
  resetPassword: () => ({ body: { email: s.owner.email, otp: '123456', password: 'a-new-password-2026' } }),
  changePassword: () => ({ body: { currentPassword: 'wrong-but-well-formed', newPassword: 'a-new-password-2026' } }),
  listTransactions: () => ({ query: { page: '1', size: '20', status: 'success', type: 'credit', startDate: '2020-01-01T00:00:00.000Z' } }),
  exportTransactions: () => ({ query: { status: 'success', type: 'credit', search: 'ada', startDate: '2020-01-01T00:00:00.000Z' } }),
  transactionDetail: () => ({ query: { id: ids.transactionId } }),
  markPos: () => ({ body: { id: ids.transactionId } }),
  attachCandidates: () => ({ query: { id: ids.transactionId, search: 'ORD' } }),
  attachCredit: () => ({ body: { id: ids.transactionId, orderReference: FRESH_ORDER } }),
  transactionAnalytics: () => ({ query: { startDate: '2020-01-01T00:00:00.000Z', endDate: '2030-01-01T00:00:00.000Z' } }),
  transactionBreakdown: () => ({ query: { startDate: '2026-01-01T00:00:00.000Z', endDate: '2026-01-31T00:00:00.000Z' } }),
  statement: () => ({ query: { from: '2020-01-01', to: '2030-12-31' } }),
  statementCsv: () => ({ query: { from: '2020-01-01', to: '2030-12-31' } }),
  statementPdf: () => ({ query: { from: '2020-01-01', to: '2030-12-31' } }),
  netFigures: () => ({ query: { startDate: '2020-01-01T00:00:00.000Z', endDate: '2020-12-31T00:00:00.000Z' } }),
  resolveAccount: () => ({ query: { accountNumber: account('058', randomSerial()), bankCode: '058' } }),
  setSettlementAccount: () => ({ body: { requestId: FRESH_REQUEST, pin: PIN } }),
  sendMoney: () => ({ body: { amount: 100_00, requestId: FRESH_REQUEST, pin: PIN, narration: 'Fuzz' } }),
  transferCharges: () => ({ query: { amount: '500000' } }),
  setChargeBearer: () => ({ body: { chargeBearer: 'vendor' } }),
  setThirdPartyTransfers: () => ({ body: { isEnabled: true, pin: PIN } }),
  setPaymentSms: () => ({ body: { isEnabled: true } }),
  updateBusinessDetails: () => ({ body: { address: '12 Allen Avenue, Ikeja, Lagos', tin: '12345678-0001' } }),
  saveBeneficiary: () => ({ body: { bankCode: '058', accountNumber: account('058', randomSerial()), label: 'Rice supplier' } }),
  // Its own saved account to remove.
  removeBeneficiary: async () => {
    const body = { bankCode: '058', accountNumber: account('058', randomSerial()) }
    return { query: { id: (await call(t.app, endpoints.saveBeneficiary, { token: s.token, body })).body.data.id } }
  },
  createPayoutBatch: () => ({
    body: { rows: [{ accountNumber: account('058', randomSerial()), bankCode: '058', amount: 100_00, narration: 'Fuzz' }] },
  }),
  confirmPayoutBatch: async () => ({ body: { batchId: await reviewedBatchId(t, s), pin: PIN } }),
  cancelPayoutBatch: async () => ({ body: { batchId: await scheduledBatchId(t, s) } }),
  payoutBatches: () => ({ query: { page: '1', size: '10' } }),
  payoutBatch: async () => ({ query: { id: await reviewedBatchId(t, s) } }),
  setSendLimits: () => ({ body: { perTransfer: 5_000_000_00, daily: 20_000_000_00, pin: PIN } }),
  cancelSettlementChange: () => ({ body: { accountNumber: account('058', randomSerial()) } }),
  bankInbound: () => ({
    body: {
      accountNumber: s.wallets.main.accountNumber!,
      amount: 500_00,
      providerReference: `PRV-fuzz-${UNIQUE}`,
      sessionId: newSessionId(),
      originatorAccountName: 'Chioma Okeke',
      originatorBankName: 'Access Bank',
      originatorAccountNumber: account('044', randomSerial()),
      narration: 'Fuzz payment',
    },
  }),
  paystackWebhook: () => ({
    body: {
      event: 'charge.success',
      data: {
        reference: `ps-fuzz-${UNIQUE}`,
        amount: 500_00,
        channel: 'dedicated_nuban',
        authorization: {
          channel: 'dedicated_nuban',
          receiver_bank_account_number: s.wallets.main.accountNumber!,
          sender_name: 'Chioma Okeke',
          sender_bank: 'Access Bank',
          sender_bank_account_number: account('044', randomSerial()),
          narration: 'Fuzz payment',
        },
      },
    },
  }),
  createPin: () => ({ body: { pin: PIN, password: s.owner.password } }),
  initiatePinChange: () => ({ body: { pin: PIN } }),
  verifyPinOtp: () => ({ body: { otp: '123456' } }),
  resetPin: () => ({ body: { pin: '4321' } }),
  listCollections: () => ({ query: { page: '1', size: '10', isVisible: 'true', name: 'Drinks' } }),
  createCollection: () => ({ body: { name: `Fuzz ${UNIQUE}`, description: 'Made by the fuzz suite' } }),
  updateCollection: () => ({ body: { id: ids.collectionId, name: `Renamed ${UNIQUE}`, description: 'Still fuzz' } }),
  // Its own collection, tax or coupon for each change that could spoil the shared ones other examples use.
  deleteCollection: async () => ({ query: { id: (await makeCollection(t, s.token)).id } }),
  setCollectionVisibility: () => ({ body: { id: ids.collectionId, isVisible: true } }),
  listVariants: () => ({ query: { productId: ids.productId, name: 'Small' } }),
  createProduct: () => ({
    body: {
      name: 'Fuzz jollof',
      description: 'Smoky',
      collectionId: ids.collectionId,
      categoryId: 'food-and-drinks',
      isPublished: true,
      options: [{ name: 'Size', values: ['Small', 'Large'] }],
      variants: [
        { options: { Size: 'Small' }, price: 1_000_00, availableUnits: 5 },
        { options: { Size: 'Large' }, price: 1_500_00, availableUnits: 5 },
      ],
      images: [PNG_FILE],
    },
  }),
  updateProduct: async () => ({
    body: { id: (await makeProduct(t, s.token)).id, name: 'Jollof deluxe', description: 'Spicier', isPublished: true, images: [PNG_FILE] },
  }),
  listProducts: () => ({
    query: { name: 'Jollof', isPublished: 'true', priceRangeLow: '100', priceRangeHigh: '900000', lowStock: 'false' },
  }),
  productDetail: () => ({ query: { id: ids.productId } }),
  deleteProduct: async () => ({ query: { id: (await makeProduct(t, s.token)).id } }),
  updateVariant: () => ({ body: { id: ids.variantId, price: 1_200_00, availableUnits: 1000, isAvailable: true } }),
  generatePayLink: () => ({ body: { id: ids.variantId } }),
  checkCatalogueImport: () => ({ body: { csv: 'Handle,Name,Price\r\nfuzz-tea,Fuzz tea,500.00\r\n' } }),
  importCatalogue: () => ({ body: { csv: `Handle,Name,Price\r\nfuzz-${UNIQUE},Fuzz tea,500.00\r\n` } }),
  bulkEditProducts: () => ({ body: { ids: [ids.productId], isPublished: true } }),
  setStockAlert: () => ({ body: { productId: ids.productId, productVariantId: ids.variantId, threshold: 3 } }),
  setLocationStock: () => ({ body: { variantId: ids.variantId, outletId: null, units: 1000, threshold: 2 } }),
  transferStock: () => ({ body: { variantId: ids.variantId, fromOutletId: null, toOutletId: ids.outletId, quantity: 1, note: 'Fuzz' } }),
  listStockTransfers: () => ({ query: { productId: ids.productId } }),
  orderLocations: () => ({}),
  payLink: async () => {
    const variant = (await ownerGet(endpoints.productDetail, { id: ids.productId })).variants.find(
      (x: { id: string }) => x.id === ids.variantId,
    )
    return { query: { code: String(variant!.paylink).split('/').at(-1)! } }
  },
  payLinkCheckout: async () => {
    const variant = (await ownerGet(endpoints.productDetail, { id: ids.productId })).variants.find(
      (x: { id: string }) => x.id === ids.variantId,
    )
    return {
      body: {
        code: String(variant!.paylink).split('/').at(-1)!,
        checkoutId: randomUUID(),
        quantity: 1,
        name: 'Ada Obi',
        phone: '08031234567',
        email: 'ada@example.com',
      },
    }
  },
  listCoupons: () => ({ query: { page: '2', size: '5' } }),
  couponDetail: () => ({ query: { id: ids.couponId } }),
  updateCoupon: () => ({ body: { id: ids.couponId, description: 'Changed by the fuzz suite', maxUsage: 500 } }),
  createCoupon: () => ({
    body: {
      name: 'Fuzz',
      description: 'Fuzz coupon',
      couponCode: `FZ${UNIQUE}`,
      valueType: 'FLAT',
      value: 100_00,
      maxUsage: 5,
      startDate: today(),
      endDate: today(),
    },
  }),
  listTaxes: () => ({ query: { page: '1', size: '50' } }),
  createTax: () => ({ body: { name: `Levy ${UNIQUE}`, percentage: 7.5 } }),
  updateTax: async () => ({ body: { id: await makeTax(t, s.token, `Duty ${unique()}`, 5), name: `Duty ${unique()}`, percentage: 2.5 } }),
  deleteTax: async () => ({ query: { id: await makeTax(t, s.token, `Toll ${unique()}`, 1) } }),
  listDeliveryLocations: () => ({ query: { isActive: 'true' } }),
  createDeliveryLocation: () => ({ body: { name: `Zone ${UNIQUE}`, description: 'Ikeja', fee: 1_500_00 } }),
  updateDeliveryLocation: () => ({
    body: { id: ids.deliveryId, name: `Zone ${UNIQUE}`, description: 'Yaba', fee: 2_000_00, isActive: true },
  }),
  listOrders: () => ({ query: { kind: 'order', status: 'pending', reference: 'ORD', isShareable: 'false', customerId: ids.customerId } }),
  orderDetail: () => ({ query: { reference: ids.orderReference } }),
  creditNotePdf: () => ({ query: { number: ids.creditNoteNumber } }),
  createOrder: () => ({
    body: {
      kind: 'order',
      customer: { name: 'Ngozi Eze', email: `ngozi-${UNIQUE}@example.ng`, phone: '08031234567' },
      items: [
        { variantId: ids.variantId, quantity: 1 },
        { name: 'Packaging', amount: 200_00, quantity: 2 },
      ],
      taxIds: [ids.taxId],
      deliveryLocationId: ids.deliveryId,
      narration: 'Fuzz order',
    },
  }),
  updateOrderStatus: async () => ({ body: { reference: await newPendingOrder(), status: 'abandoned', narration: 'No answer' } }),
  setInvoiceDueDate: async () => ({
    body: {
      reference: (
        await order(t, s.token, { kind: 'invoice', items: [{ variantId: ids.variantId, quantity: 1 }], customer: { name: 'Ada Fuzz' } })
      ).reference,
      dueDate: '2099-12-31',
    },
  }),
  refundOrder: () => ({ body: { reference: ids.paidOrderReference, status: 'refunded', amount: 100, narration: 'Sorry', pin: PIN } }),
  createShareableOrder: () => ({
    body: { kind: 'invoice', customerId: ids.customerId, items: [{ variantId: ids.variantId, quantity: 2 }], narration: 'Fuzz invoice' },
  }),
  listShareableOrders: () => ({ query: { kind: 'invoice', status: 'pending' } }),
  publicOrder: () => ({ query: { code: ids.shareableCode } }),
  sellableVariants: () => ({ query: { name: 'Small' } }),
  orderAnalytics: () => ({ query: { startDate: '2026-01-01T00:00:00.000Z', endDate: '2026-01-02T00:00:00.000Z', kind: 'order' } }),
  orderBreakdown: () => ({ query: { startDate: '2026-01-01T00:00:00.000Z', endDate: '2026-03-01T00:00:00.000Z' } }),
  listCustomers: () => ({ query: { name: 'Ngozi', email: 'ngozi@example.ng', isAnonymous: 'false' } }),
  customerInfo: () => ({ query: { customerId: ids.customerId } }),
  customerAnalytics: () => ({ query: { startDate: '2026-01-01T00:00:00.000Z' } }),
  customerBreakdown: () => ({ query: { endDate: '2026-01-01T00:00:00.000Z' } }),
  listDisputes: () => ({ query: { search: 'Late', isEscalated: 'false' } }),
  disputeInfo: () => ({ query: { disputeId: ids.disputeId } }),
  createDispute: () => ({
    body: { orderReference: FRESH_ORDER, title: 'Never came', description: 'Waited all day', category: 'item-not-received' },
  }),
  disputeCategories: () => ({ query: { page: '1' } }),
  disputeConversation: () => ({ query: { disputeId: ids.disputeId } }),
  sendDisputeMessage: () => ({ body: { disputeId: ids.disputeId, message: 'Any news?' } }),
  escalateDispute: () => ({ body: { disputeId: ids.disputeId, reason: 'No answer from the customer' } }),
  createWebhookEndpoint: () => ({
    body: { url: 'https://example.com/hooks', events: ['order.paid', 'dispute.updated'], description: 'Fuzz' },
  }),
  updateWebhookEndpoint: async () => ({ body: { id: await webhookEndpointId(), events: ['order.paid'], description: 'Fuzz' } }),
  deleteWebhookEndpoint: async () => ({ query: { id: await webhookEndpointId() } }),
  webhookEndpointSecret: async () => ({ query: { id: await webhookEndpointId() } }),
  rotateWebhookSecret: async () => ({ query: { id: await webhookEndpointId() } }),
  listWebhookDeliveries: () => ({ query: { page: '1', size: '20' } }),
  resendWebhookDelivery: async () => ({ query: { id: await webhookDeliveryId() } }),
  listOutlets: () => ({ query: { search: 'Branch' } }),
  outletDetail: () => ({ query: { outletId: ids.outletId } }),
  createOutlet: () => ({
    body: { name: `Outlet ${UNIQUE}`, address: '1 Marina, Lagos', email: `outlet-${UNIQUE}@example.ng`, phone: '08031234567' },
  }),
  setOutletStatus: async () => ({ body: { outletId: (await makeOutlet(t, s.token)).id, status: 'inactive' } }),
  outletWalletDetails: () => ({ query: { outletId: ids.outletId } }),
  outletWalletBalance: () => ({ query: { outletId: ids.outletId } }),
  fundOutlet: () => ({ body: { amount: 100_00, outletId: ids.outletId, narration: 'Float', pin: PIN } }),
  transferToMain: () => ({ body: { amount: 1_00, outletId: ids.outletId, pin: PIN } }),
  outletTransactions: () => ({ query: { outletId: ids.outletId, type: 'credit' } }),
  outletStatement: () => ({ query: { outletId: ids.outletId, from: '2020-01-01', to: '2030-12-31' } }),
  outletStatementCsv: () => ({ query: { outletId: ids.outletId, from: '2020-01-01', to: '2030-12-31' } }),
  outletStatementPdf: () => ({ query: { outletId: ids.outletId, from: '2020-01-01', to: '2030-12-31' } }),
  outletTransactionDetail: () => ({ query: { id: ids.outletTransactionId, outletId: ids.outletId } }),
  listOutletMembers: () => ({ query: { outletId: ids.outletId, search: 'Team' } }),
  addOutletMember: () => ({ body: { outletId: ids.outletId, memberId: ids.memberId } }),
  removeOutletMember: async () => {
    const member = await createMember(s, { permissions: ['VENDOR_ORDERS'] })
    await t.db.insert(outletMembers).values({ vendorId: s.vendor.id, outletId: ids.outletId, userId: member.id })
    return { query: { outletId: ids.outletId, memberId: member.id } }
  },
  listMembers: () => ({ query: { name: 'Team', email: 'member' } }),
  inviteMember: () => ({
    body: { name: 'Chidi Okafor', phone: FRESH_PHONE, email: `chidi-${UNIQUE}@example.ng`, permissions: ['VENDOR_ORDERS'] },
  }),
  resendInvite: () => ({ body: { memberId: ids.invitedId } }),
  inviteDetails: async () => ({ query: { inviteCode: (await invite(t, s.token)).code } }),
  acceptInvite: async () => ({
    body: { inviteCode: (await invite(t, s.token)).code, password: 'joining-pass-2026', email: `joiner-${UNIQUE}@example.ng` },
  }),
  setMemberStatus: async () => ({ body: { memberId: (await createMember(s, { permissions: [] })).id, status: 'inactive' } }),
  setMemberPermissions: async () => ({
    body: { memberId: (await createMember(s, { permissions: [] })).id, permissions: ['VENDOR_ORDERS'] },
  }),
  register: () => ({
    body: {
      businessName: 'Fuzz Foods',
      ownerName: 'Ada Obi',
      email: `fuzz-${UNIQUE}@example.ng`,
      phone: FRESH_PHONE,
      password: 'correct-horse-1',
    },
  }),
  verifyPhone: () => ({ body: { otp: '123456' } }),
  resendOtp: () => ({ body: { phone: FRESH_PHONE } }),
  submitKyc: () => ({
    body: {
      documentType: 'NIN_SLIP',
      document: [PDF_FILE],
      dateOfBirth: '2000-05-17',
      address: '12 Allen Avenue, Ikeja',
      idType: 'NIN',
      idNumber: '12345678901',
    },
  }),
  checkShopUrl: () => ({ query: { url: `fuzz-${UNIQUE}` } }),
  setShopUrl: () => ({ body: { url: `fuzz-${UNIQUE}` } }),
  setUpShop: () => ({ body: { url: `shop-${UNIQUE}`, description: 'Hot jollof', font: 'poppins', background: 'sand', logo: [PNG_FILE] } }),
  updateWebsite: () => ({ body: { description: 'Hot jollof and more', font: 'inter', background: 'mint', logo: [PNG_FILE] } }),
  storefront: async () => ({ query: { url: (await ownerGet(endpoints.website)).url ?? ids.shopUrl, page: '1', size: '12' } }),
  cartCheckout: async () => ({
    body: {
      url: (await ownerGet(endpoints.website)).url ?? ids.shopUrl,
      checkoutId: randomUUID(),
      items: [{ variantId: ids.variantId, quantity: 1 }],
      name: 'Ada Obi',
      phone: '08031234567',
      email: 'ada@example.com',
    },
  }),
  checkDomain: () => ({ query: { domain: `fuzz-${unique()}.com.ng` } }),
  connectDomain: () => ({ body: { domain: `fuzz-${UNIQUE}.com.ng` } }),
  verifyDomain: () => ({ body: { id: ids.domainId } }),
  removeDomain: async () => {
    const res = await call(t.app, endpoints.connectDomain, { token: s.token, body: { domain: `gone-${unique()}.com.ng` } })
    return { query: { id: res.status === 201 ? res.body.data.id : ids.domainId } }
  },
  operatorVendors: () => ({ query: { status: 'rejected' } }),
  operatorVendorStatus: () => ({ body: { email: `nobody-${unique()}@example.ng`, status: 'approved' } }),
  createApiKey: () => ({
    body: { name: 'Fuzz website', password: s.owner.password, scopes: ['orders:write'], allowedIps: ['203.0.113.0/24'] },
  }),
  // Its own key to rotate, and another to revoke.
  rotateApiKey: async () => ({
    body: {
      id: (await call(t.app, endpoints.createApiKey, { token: s.token, body: { name: 'Rotated', password: s.owner.password } })).body.data
        .key.id,
      password: s.owner.password,
    },
  }),
  revokeApiKey: async () => ({
    query: {
      id: (await call(t.app, endpoints.createApiKey, { token: s.token, body: { name: 'Revoked', password: s.owner.password } })).body.data
        .key.id,
    },
  }),
  apiKeyCalls: () => ({ query: { page: '1', size: '20' } }),
}

/* What "nothing written" measures (decision 066). */

interface Table {
  name: string
  vendorScoped: boolean
}
/** Counters that exist to count refused attempts (PIN and one-time-code guessing): a refusal writes them on purpose. */
const REFUSAL_COUNTERS: Record<string, string[]> = { users: ['pin_attempts'], one_time_codes: ['attempts', 'consumed_at'] }
/** On PostgreSQL other test files write at the same time, so only the fuzzed vendors' rows are compared there. */
const fuzzedVendors = () => [s.vendor.id, onboarding.unverified.vendorId, onboarding.verified.vendorId]
const sharedDatabase = Boolean(process.env.TEST_DATABASE_URL)

/** Rows of a raw query, on either driver (both answer { rows }). */
const rowsOf = async <T>(query: SQL): Promise<T[]> => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows

class WriteWatch {
  /** Fingerprints taken, for the summary line. */
  takes = 0
  private tables: Table[] = []
  private fingerprint: Map<string, string> | undefined
  private marker: string | null | undefined
  async init() {
    const rows = await rowsOf<Table>(sql`
      select c.table_name as name, bool_or(c.column_name = 'vendor_id') as "vendorScoped"
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      -- Tables only: a view (transaction_day_figures) holds no rows of its own to have written.
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      group by c.table_name order by c.table_name`)
    this.tables = rows
    expect(rows.length).toBeGreaterThan(20)
  }
  /**
   * The next transaction id PGlite will hand out: unchanged means nothing at all was written (a read assigns
   * none). Null on PostgreSQL, where other files' writes move it.
   */
  private async currentMarker(): Promise<string | null> {
    if (sharedDatabase) return null
    const [row] = await rowsOf<{ x: string }>(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`)
    return row!.x
  }
  /**
   * Per table, the row count and the newest row version's transaction id (xmin): an insert or an update makes a
   * row version newer than all before it, a delete lowers the count, so any committed change moves one of them.
   * Tables with refusal counters are hashed row by row, without those columns. Every table on PGlite; the
   * fuzzed vendors' rows on PostgreSQL.
   */
  private async take(): Promise<Map<string, string>> {
    this.takes++
    const parts: SQL[] = []
    for (const table of this.tables) {
      if (sharedDatabase && !table.vendorScoped && table.name !== 'vendors') continue
      const ignored = REFUSAL_COUNTERS[table.name]
      const print = ignored
        ? sql.raw(`coalesce(sum(hashtext((to_jsonb(r) - '{${ignored.join(',')}}'::text[])::text)::bigint), 0)::text`)
        : sql.raw('coalesce(max(r.xmin::text::bigint), 0)::text')
      const scope = sql.join(
        fuzzedVendors().map((id) => sql`${id}`),
        sql`, `,
      )
      const where = sharedDatabase ? sql` where ${sql.raw(table.name === 'vendors' ? 'r.id' : 'r.vendor_id')} in (${scope})` : sql``
      parts.push(sql`select ${table.name}::text as t, count(*)::text || ':' || ${print} as f from ${sql.identifier(table.name)} r${where}`)
    }
    const rows = await rowsOf<{ t: string; f: string }>(sql.join(parts, sql` union all `))
    return new Map(rows.map((row) => [row.t, row.f]))
  }
  /** Call after the test itself wrote (a session, an example's rows): the next request starts from a new fingerprint. */
  forget() {
    this.fingerprint = undefined
  }
  /** Call before each request. */
  async ready() {
    if (this.fingerprint) return
    this.marker = await this.currentMarker()
    this.fingerprint = await this.take()
  }
  /** Call after each request: for a refusal, the tables it changed (none, we expect). */
  async settle(refused: boolean): Promise<string[]> {
    const marker = await this.currentMarker()
    if (marker !== null && marker === this.marker) return []
    if (!refused) {
      // Accepted: it may write. The next request starts from a new fingerprint.
      this.fingerprint = undefined
      return []
    }
    const after = await this.take()
    const changed = [...after].filter(([table, print]) => this.fingerprint!.get(table) !== print).map(([table]) => table)
    this.fingerprint = after
    this.marker = marker
    return changed
  }
}

/* Sending a case. */

/** The case with its placeholders filled (see personalise); `wrote` when filling them wrote rows. */
async function prepare(c: FuzzCase, mayWrite: boolean): Promise<{ c: FuzzCase; wrote: boolean }> {
  let wrote = false
  const fill = async (text: string) => {
    const filled = await personalise(text, mayWrite)
    wrote ||= filled.wrote
    return filled.text
  }
  const form =
    c.form &&
    (await Promise.all(
      c.form.map(async ([key, value]) => [key, typeof value === 'string' ? await fill(value) : value] as [string, string | FilePart]),
    ))
  return {
    c: { ...c, query: c.query && (await fill(c.query)), rawBody: c.rawBody && (await fill(c.rawBody)), form },
    wrote,
  }
}

let requests = 0
const nextIp = () => `10.66.${(requests >> 8) & 255}.${requests & 255}`

async function send(name: string, e: EndpointDef, c: FuzzCase, index: number, token: string | undefined) {
  const headers: Record<string, string> = {}
  if (token) headers.authorization = `Bearer ${token}`
  if (e.idempotent) headers['idempotency-key'] = `fuzz-${name}-${index}-${unique()}`
  if (name.startsWith('operator')) headers['x-operator-key'] = OPERATOR_KEY
  Object.assign(headers, c.headers)
  let body: string | FormData | undefined
  if (c.form) {
    body = new FormData()
    for (const [key, value] of c.form) body.append(key, typeof value === 'string' ? value : (value as FilePart).toFile())
  } else if (c.rawBody !== undefined && e.method !== 'GET') {
    body = c.rawBody
    if (c.contentType !== null) headers['content-type'] = c.contentType ?? 'application/json'
  }
  if (name === 'bankInbound') headers['x-provider-signature'] = signWebhookBody(typeof body === 'string' ? body : '', WEBHOOK_SECRET)
  if (name === 'paystackWebhook') headers['x-paystack-signature'] = signPaystackBody(typeof body === 'string' ? body : '', PAYSTACK_KEY)
  requests++
  const env = { incoming: { socket: { remoteAddress: nextIp() } } }
  const response = await (name === 'paystackWebhook' ? paystackApp : t.app).request(
    `/api${e.path}${c.query ? `?${c.query}` : ''}`,
    { method: e.method, headers, body },
    env,
  )
  const text = await response.text()
  let parsed: unknown = text
  try {
    parsed = JSON.parse(text)
  } catch {
    // Reported below: every answer of the API is JSON.
  }
  return {
    status: response.status,
    body: parsed as { message?: unknown; code?: unknown; issues?: unknown },
    contentType: response.headers.get('content-type') ?? '',
  }
}

/** Owners of vendors still onboarding: one whose phone is not verified yet, one who may send KYC and set up a shop. */
const onboarding = {} as { unverified: Registered; verified: Registered }
const CALLED_BY_UNVERIFIED = ['verifyPhone', 'resendOtp']
const CALLED_BY_VERIFIED = ['submitKyc', 'checkShopUrl', 'setShopUrl', 'setUpShop', 'onboarding']

/**
 * The session each case is sent with: the approved vendor's owner's, made for the purpose (logout ends it; one
 * per case there); onboarding calls by an owner who is onboarding. Changing a password signs out the user's other
 * sessions, so a member of its own changes theirs.
 */
async function tokensFor(name: string, e: EndpointDef, count: number): Promise<(string | undefined)[]> {
  const same = (token: string | undefined) => Array.from({ length: count }, () => token)
  if (accessOf(e) === 'public') return same(undefined)
  if (name === 'logout') return Promise.all(Array.from({ length: count }, () => tokenFor(t, s.owner.row)))
  if (CALLED_BY_UNVERIFIED.includes(name)) return same(onboarding.unverified.token)
  if (CALLED_BY_VERIFIED.includes(name)) return same(onboarding.verified.token)
  const user = name === 'changePassword' ? (await createMember(s, { permissions: [] })).row : s.owner.row
  return same(await tokenFor(t, user))
}

const stats = {
  cpu: process.cpuUsage(),
  valueUse: new Map<string, Set<string>>(),
  cases: 0,
  byStatus: new Map<number, number>(),
  endpoints: 0,
  started: 0,
  slowest: [] as [string, number][],
}
let watch: WriteWatch

beforeAll(async () => {
  stats.started = performance.now()
  stats.cpu = process.cpuUsage()
  t = await salesApp({
    operatorKey: OPERATOR_KEY,
    logger: { info: () => {}, warn: () => {}, error: (...args: unknown[]) => void loggedErrors.push(args) },
  })
  s = await shop(t, { balance: 1_000_000_00, units: 100_000 })
  const banking = new PaystackBankingProvider({ secretKey: PAYSTACK_KEY, baseUrl: 'http://127.0.0.1:9', db: t.db })
  paystackApp = conforming(createApp(resolveDeps({ ...t.deps, banking })))
  Object.assign(ids, await seedWorld(t, s, { couponPrefix: 'FUZZ', outletFunding: 10_000_00 }))
  ids.collectionId = (await makeCollection(t, s.token)).id
  ids.taxId = await makeTax(t, s.token, 'VAT', 7.5)
  ids.deliveryId = await makeDelivery(t, s.token, 1_000_00)
  const paid = await order(t, s.token, { items: [{ variantId: s.small.id, quantity: 1 }], customer: { name: 'Bola Ade' } })
  await pay(t, s, paid.reference, paid.amount)
  ids.paidOrderReference = paid.reference
  const shareable = await order(t, s.token, { items: [{ variantId: s.small.id, quantity: 1 }] }, { shareable: true })
  ids.shareableCode = String(shareable.publicUrl).split('/').at(-1)!
  ids.memberId = (await createMember(s, { permissions: ['VENDOR_ORDERS', 'VENDOR_OUTLETS'] })).id
  ids.invitedId = (await invite(t, s.token, { permissions: ['VENDOR_ORDERS'] })).id
  ids.shopUrl = `fuzz-${unique()}`
  const url = await call(t.app, endpoints.setShopUrl, { token: s.token, body: { url: ids.shopUrl } })
  expect(url.status, JSON.stringify(url.body)).toBe(200)
  onboarding.unverified = await register(t)
  onboarding.verified = await register(t)
  await verify(t, onboarding.verified)
  const domain = await call(t.app, endpoints.connectDomain, { token: s.token, body: { domain: `fuzz-${unique()}.com.ng` } })
  expect(domain.status, JSON.stringify(domain.body)).toBe(201)
  ids.domainId = domain.body.data.id
  watch = new WriteWatch()
  await watch.init()
})

afterAll(() => {
  const seconds = ((performance.now() - stats.started) / 1000).toFixed(1)
  const cpu = process.cpuUsage(stats.cpu)
  const cpuSeconds = ((cpu.user + cpu.system) / 1e6).toFixed(1)
  const statuses = [...stats.byStatus]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ')
  const slowest = stats.slowest
    .sort(([, a], [, b]) => b - a)
    .slice(0, 8)
    .map(([name, ms]) => `${name} ${Math.round(ms)} ms`)
    .join(', ')
  console.info(`fuzz slowest: ${slowest}`)
  console.info(
    `fuzz: ${stats.cases} cases over ${stats.endpoints} endpoints in ${seconds} s (${cpuSeconds} s of CPU, ${sharedDatabase ? 'PostgreSQL' : 'PGlite'}), ${watch?.takes} fingerprints: ${statuses}`,
  )
})

const takesInput = (e: EndpointDef) => Boolean(e.query || (e.body && e.method !== 'GET'))

it('has an example for every endpoint that takes input, and none for an endpoint that does not exist', () => {
  const names = new Set(all.map(([name]) => name))
  expect(Object.keys(examples).filter((name) => !names.has(name))).toEqual([])
  expect(
    all.filter(([name, e]) => takesInput(e) && !examples[name]).map(([name]) => name),
    'add an example for these',
  ).toEqual([])
})

type Verdict = ReturnType<typeof verdict>
type Answer = Awaited<ReturnType<typeof send>>

/** What is wrong with one answer, given what the contract says of its input. */
function problemsOf(e: EndpointDef, res: Answer, expected: Verdict, fields: Set<string>, field: string | undefined): string[] {
  const problems: string[] = []
  if (res.status >= 500) problems.push(`answered ${res.status}`)
  // A success is the status the contract and the OpenAPI document give (decision 163), 201 where the call creates.
  if (res.status < 300 && res.status !== successStatusOf(e))
    problems.push(`succeeded with ${res.status}, not the contract's ${successStatusOf(e)}`)
  // A file endpoint's success is its file (EndpointDef.produces); its refusals are JSON like every other answer.
  if (isFileEndpoint(e) && res.status === 200) {
    if (res.contentType.split(';')[0] !== e.produces) problems.push(`answered ${res.contentType}, not ${e.produces}`)
  } else if (typeof res.body !== 'object' || res.body === null) problems.push('answered something that is not JSON')
  else if (res.status >= 400) {
    if (typeof res.body.message !== 'string' || !res.body.message.trim()) problems.push('refused without a message')
    if (typeof res.body.code !== 'string' || !res.body.code) problems.push('refused without a code')
    // A 422 of validation names the fields at fault; a business refusal (Insufficient balance) may name none,
    // but whatever it names is a field of the contract.
    const issues = res.body.issues as { path?: unknown; message?: unknown }[] | undefined
    if (res.status === 422 && res.body.code === 'VALIDATION_FAILED' && (!Array.isArray(issues) || !issues.length))
      problems.push('422 without issues')
    if (issues !== undefined && !Array.isArray(issues)) problems.push('issues that are not a list')
    for (const issue of Array.isArray(issues) ? issues : []) {
      const head = typeof issue.path === 'string' ? issue.path.split('.')[0]! : ''
      if (!fields.has(head)) problems.push(`an issue names no field of the contract: ${JSON.stringify(issue)}`)
      if (typeof issue.message !== 'string' || !issue.message) problems.push(`an issue without a message: ${JSON.stringify(issue)}`)
    }
  }
  if (expected === 'too-large' && res.status !== 413) problems.push(`an over-limit body answered ${res.status}, not 413`)
  if (expected === 'malformed' && res.status !== 400) problems.push(`a malformed body answered ${res.status}, not 400`)
  if (expected === 'invalid' && ![400, 413, 422].includes(res.status))
    problems.push(`input the contract refuses answered ${res.status}, not 400/422`)
  // Input the contract refuses never reaches a handler: its 422 is the validator's.
  if (expected === 'invalid' && res.status === 422 && (res.body as { code?: unknown }).code !== 'VALIDATION_FAILED')
    problems.push('input the contract refuses got a 422 that is not VALIDATION_FAILED')
  // One field was changed on a valid example: the refusal names it, as the issue's path or, for a rule over
  // several fields ("id or reference is required"; "give customerId or customer, not both", reported by the
  // customer field), in the issue's words.
  const given =
    typeof res.body === 'object' && Array.isArray(res.body?.issues) ? (res.body.issues as { path?: unknown; message?: unknown }[]) : []
  const names = (issue: { path?: unknown; message?: unknown }) =>
    String(issue.path).split('.')[0] === field || new RegExp(`\\b${field}\\b`).test(String(issue.message))
  if (expected === 'invalid' && res.status === 422 && field && !given.some(names))
    problems.push(`the 422 does not name ${field}, the field at fault`)
  return problems
}

describe('fuzz', () => {
  it.each(all)('%s answers every nasty input below 500, refusals with a message, and writes nothing when it refuses', async (name, e) => {
    const began = performance.now()
    const example = (await examples[name]?.()) ?? {}
    if (takesInput(e)) expect(exampleProblems(e, example), `${name}'s example`).toEqual([])
    const cases = casesFor(name, e, example)
    if (e.idempotent) {
      const base = { rawBody: JSON.stringify(example.body), query: '' }
      cases.push(
        { ...base, label: 'Idempotency-Key missing', headers: { 'idempotency-key': '' } },
        { ...base, label: 'Idempotency-Key of 300 characters', headers: { 'idempotency-key': 'k'.repeat(300) } },
        { ...base, label: 'Idempotency-Key with spaces and quotes', headers: { 'idempotency-key': "a b'; --" } },
        { ...base, label: 'Idempotency-Key in Latin-1', headers: { 'idempotency-key': 'clé-été' } },
      )
    }
    const tokens = await tokensFor(name, e, cases.length)
    const planned = cases.map((c, index) => ({
      c,
      index,
      expected: (c.headers ? 'invalid' : verdict(e, c)) as Verdict,
      token: tokens[index],
    }))
    watch.forget()
    const fields = new Set(['body', 'query', ...entriesOfAll(e)])
    const failures: string[] = []
    const run = async (p: (typeof planned)[number], c: FuzzCase) => {
      const errorsBefore = loggedErrors.length
      const res = await send(name, e, c, p.index, p.token)
      stats.cases++
      const sent = /= (.+)$/.exec(p.c.label)?.[1] ?? p.c.label
      stats.valueUse.set(sent, (stats.valueUse.get(sent) ?? new Set()).add(name))
      stats.byStatus.set(res.status, (stats.byStatus.get(res.status) ?? 0) + 1)
      const problems = problemsOf(e, res, p.expected, fields, p.c.headers ? undefined : p.c.field)
      const report = (more: string[] = []) => {
        if (!problems.length && !more.length) return
        const logged = loggedErrors.slice(errorsBefore).map((args) => args.map((a) => (a instanceof Error ? a.stack : String(a))).join(' '))
        failures.push(
          `[${p.c.label}] ${[...problems, ...more].join('; ')} → ${res.status} ${JSON.stringify(res.body).slice(0, 300)} ${logged.join(' ').slice(0, 600)}`,
        )
      }
      return { res, report }
    }

    // What the contract refuses (the larger part) goes as one batch: nothing may be written across all of it.
    const refusable = planned.filter((p) => p.expected !== 'valid')
    await watch.ready()
    for (const p of refusable) (await run(p, (await prepare(p.c, false)).c)).report()
    const written = await watch.settle(true)
    if (written.length) failures.push(`the ${refusable.length} requests the contract refuses wrote to ${written.join(', ')}`)

    // The rest may be accepted (and write); each refusal among them is checked on its own.
    for (const p of planned.filter((x) => x.expected === 'valid')) {
      const prepared = await prepare(p.c, true)
      if (prepared.wrote) watch.forget()
      await watch.ready()
      const { res, report } = await run(p, prepared.c)
      const changed = await watch.settle(res.status >= 400)
      report(changed.length ? [`a ${res.status} refusal wrote to ${changed.join(', ')}`] : [])
    }
    stats.endpoints++
    stats.slowest.push([name, performance.now() - began])
    expect(failures.join('\n'), `${name}: ${failures.length} of ${cases.length} cases failed`).toBe('')
  })
})

function entriesOfAll(e: EndpointDef): string[] {
  const keys = (schema: unknown) => Object.keys((schema as { entries?: Record<string, unknown> } | undefined)?.entries ?? {})
  return [...keys(e.query), ...keys(e.body)]
}

it('leaves the server working: the vendor reads its profile, its owner signs in, and nothing was logged as a failure', async () => {
  const token = await tokenFor(t, s.owner.row)
  const res = await call(t.app, endpoints.vendorProfile, { token })
  expect(res.status).toBe(200)
  expect(res.body.data.id).toBe(s.vendor.id)
  expect((await call(t.app, endpoints.walletBalance, { token })).status).toBe(200)
  // The fuzz spent the owner's sign-in attempts: after the limiter's window, the right password works.
  t.clock.advance(16 * 60_000)
  const login = await call(t.app, endpoints.login, {
    body: { email: s.owner.email, password: s.owner.password },
    ip: '10.65.0.1',
  })
  expect(login.status, JSON.stringify(login.body)).toBe(200)
  expect(loggedErrors).toEqual([])
  expect(stats.endpoints).toBe(all.length)
})

it('sent every value of the catalogue, and every shared-out whole-body case, to several endpoints', () => {
  const thin = [...CATALOGUE_LABELS, ...SHARED_WHOLE_LABELS].filter((label) => (stats.valueUse.get(label)?.size ?? 0) < 3)
  expect(thin, 'values sent to fewer than 3 endpoints').toEqual([])
})

describe('what the fuzz found (decision 066)', () => {
  it('sending Number.MAX_SAFE_INTEGER kobo is Insufficient balance, not a 500 (amount + fee passed the safe integers)', async () => {
    const before = (await ownerGet(endpoints.walletBalance)).balance
    const res = await call(t.app, endpoints.sendMoney, {
      token: s.token,
      body: { amount: Number.MAX_SAFE_INTEGER, requestId: await enquiry(t, s), pin: PIN },
      headers: { 'idempotency-key': randomUUID() },
    })
    expect(res.status).toBe(422)
    expect(res.body).toEqual({ message: 'Insufficient balance', code: 'INSUFFICIENT_FUNDS' })
    expect((await ownerGet(endpoints.walletBalance)).balance).toBe(before)
  })

  it('a bank notice that would take a balance past Number.MAX_SAFE_INTEGER kobo is refused with 422, not a 500', async () => {
    const before = (await ownerGet(endpoints.walletBalance)).balance
    expect(before).toBeGreaterThan(0)
    const res = await transferIn(t, s.wallets.main.accountNumber!, Number.MAX_SAFE_INTEGER, 'Too much')
    expect(res.status).toBe(422)
    expect(res.body).toEqual({ message: 'The amount is more than a wallet can hold', code: 'AMOUNT_TOO_LARGE' })
    expect((await ownerGet(endpoints.walletBalance)).balance).toBe(before)
  })
})
