import { randomInt } from 'node:crypto'

import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'

import type { DevNotifier } from '#server/notifier'
import { DEMO } from '#server/seed/demo'

import { typeCode } from './browser'
import { fillIdentity } from './registration'

/*
 * Every screen and every sheet of the app, reached the way a user reaches it, with `check(name)` called in each
 * state (the accessibility suite audits there at both sizes). Each walk uses one phone-sized page; the check resizes
 * it to the laptop size and back, so each state is reached once and seen at both sizes (docs/decisions/075).
 *
 * Three walks, independent of one another so they can run side by side: a brand-new vendor through the public pages
 * and the whole onboarding (registration steps, reset password, Review Pending, then approval and the Congratulations
 * welcome) plus the customers' pages; and the demo vendor, whose seeded history fills every list, detail and sheet,
 * in two halves of the signed-in app.
 */

export type Check = (screen: string, options?: { phoneOnly?: boolean }) => Promise<void>

export interface WalkOptions {
  browser: Browser
  origin: string
  outbox: DevNotifier
  operatorKey: string
  newContext: (browser: Browser) => Promise<BrowserContext>
  check: (page: Page) => Check
}

export interface DemoIds {
  product: string
  variant: string
  payLink: string
  collection: string
  coupon: string
  order: string
  checkout: string
  invoice: string
  dispute: string
  openDispute: string
  customer: string
  outlet: string
  outletTransaction: string
  offlineCredit: string
  location: string
  invite: string
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { data: T }).data
}

type Items<T> = { items: T[] }

/** The demo vendor's ids the walk opens directly, read from the API (the same data the lists show). */
export async function demoIds(origin: string, outbox: DevNotifier): Promise<DemoIds> {
  const { token } = await json<{ token: string }>(
    await fetch(`${origin}/api/auth/vendor/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: DEMO.email, password: DEMO.password }),
    }),
  )
  const headers = { Authorization: `Bearer ${token}` }
  const get = <T>(path: string) => fetch(`${origin}/api${path}`, { headers }).then((r) => json<T>(r))

  const products = await get<Items<{ id: string; variantCount: number }>>('/product?page=1&size=20')
  const product = products.items.find((p) => p.variantCount > 1) ?? products.items[0]!
  const detail = await get<{ variants: { id: string; paylink: string | null }[] }>(`/product/vendor?id=${product.id}`)
  const variant = detail.variants.find((v) => v.paylink) ?? detail.variants[0]!
  const orders = await get<Items<{ reference: string; kind: string; isShareable: boolean; status: string }>>(
    '/order?page=1&size=100&duration=LAST_MONTH',
  )
  const order = orders.items.find((o) => o.kind === 'order' && o.status === 'paid' && o.isShareable)!
  const invoice = orders.items.find((o) => o.kind === 'invoice')!
  const shareable = orders.items.find((o) => o.isShareable && o.status !== 'paid') ?? order
  const { publicUrl } = await get<{ publicUrl: string }>(`/order/single?reference=${shareable.reference}`)
  const disputes = await get<Items<{ id: string; isEscalated: boolean }>>('/dispute?page=1&size=20')
  const outlets = await get<Items<{ id: string }>>('/outlet?page=1&size=10')
  const outlet = outlets.items[0]!
  const outletTransactions = await get<Items<{ id: string }>>(`/transaction/outlet?outletId=${outlet.id}&page=1&size=1&duration=LAST_MONTH`)
  const transactions = await get<
    Items<{ id: string; type: string; isOffline: boolean; hasMatchingOrder: boolean; isPOSTransaction: boolean }>
  >('/transaction?page=1&size=100&duration=LAST_MONTH')
  const offlineCredit = transactions.items.find((t) => t.type === 'credit' && t.isOffline && !t.hasMatchingOrder && !t.isPOSTransaction)!
  const customers = await get<Items<{ id: string; isAnonymous: boolean }>>('/vendor/customers?page=1&size=20')

  // An invitation: its link exists only in the message sent to the invitee.
  const phone = `0803${randomInt(1_000_000, 9_999_999)}`
  await fetch(`${origin}/api/invite`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Kemi Adebayo', phone, permissions: ['VENDOR_ORDERS'] }),
  }).then((r) => json(r))
  const invite = await codeSentTo(outbox, `+234${phone.slice(1)}`, 'sms')

  return {
    product: product.id,
    variant: variant.id,
    payLink: new URL(variant.paylink!).pathname,
    collection: (await get<Items<{ id: string }>>('/product/collections?page=1&size=1')).items[0]!.id,
    coupon: (await get<Items<{ id: string }>>('/coupon?page=1&size=1')).items[0]!.id,
    order: order.reference,
    checkout: new URL(publicUrl).pathname,
    invoice: invoice.reference,
    dispute: disputes.items.find((d) => d.isEscalated)?.id ?? disputes.items[0]!.id,
    openDispute: disputes.items.find((d) => !d.isEscalated)?.id ?? disputes.items[0]!.id,
    customer: customers.items.find((c) => !c.isAnonymous)!.id,
    outlet: outlet.id,
    outletTransaction: outletTransactions.items[0]!.id,
    offlineCredit: offlineCredit.id,
    location: (await get<Items<{ id: string }>>('/delivery/location?page=1&size=1')).items[0]!.id,
    invite,
  }
}

const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name })

/** Closes the top dialog with Escape (as a keyboard user would) and waits for it to go. */
async function escape(page: Page, open: Locator) {
  await page.keyboard.press('Escape')
  await open.waitFor({ state: 'hidden' })
}

/** The newest one-time code sent to `to`, once it has been sent. */
async function codeSentTo(outbox: DevNotifier, to: string, channel: 'sms' | 'email'): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const code = outbox.outbox.findLast((m) => m.channel === channel && m.to === to && m.code)?.code
    if (code) return code
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`no ${channel} code sent to ${to}`)
}

/**
 * The public pages and onboarding, as a new vendor: login, registration (each step, and the account step's
 * errors), forgot and reset password, Review Pending, then (approved by the operator) the welcome and an empty
 * Home; and the customer-facing pages (pay link, checkout, invitation, storefront and its cart) with no session.
 */
export async function walkPublicAndOnboarding(options: WalkOptions, ids: DemoIds): Promise<void> {
  const { browser, origin, outbox } = options
  const context = await options.newContext(browser)
  const page = await context.newPage()
  const check = options.check(page)
  const t = String(randomInt(100_000, 999_999))
  const email = `ada.${t}@example.com`
  const national = `80${t}${randomInt(10, 99)}`
  const password = 'jollof-rice-2026'

  await page.goto(origin)
  await page.getByRole('button', { name: 'Log in' }).waitFor()
  await check('Login')
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.locator('[aria-invalid="true"]').first().waitFor()
  await check('Login, with errors')

  await page.getByRole('link', { name: 'Create an account' }).click()
  await page.getByRole('button', { name: 'Create account' }).click()
  await page.locator('[aria-invalid="true"]').first().waitFor()
  await check('Register: account, with errors')
  await page.getByLabel(/^Business name/).fill(`Ada's Kitchen ${t}`)
  await page.getByLabel(/^Your full name/).fill(`Ada Eze ${t}`)
  await page.getByLabel(/^Email address/).fill(email)
  await page.getByLabel(/^Phone number/).fill(`0${national}`)
  await page.getByLabel(/^Password/).fill(password)
  await page.getByLabel(/^Confirm password/).fill(password)
  await page.getByRole('button', { name: 'Create account' }).click()

  await page.waitForURL((url) => url.pathname === '/register/verify')
  await page.getByLabel('Verification code, digit 1 of 6').waitFor()
  await check('Register: verify phone')
  await page.getByLabel('Verification code, digit 1 of 6').click()
  await typeCode(page, await codeSentTo(outbox, `+234${national}`, 'sms'))
  await page.getByRole('button', { name: 'Verify' }).click()

  await page.waitForURL((url) => url.pathname === '/register/kyc')
  await page.getByRole('button', { name: 'Continue' }).waitFor()
  await check('Register: identity (KYC)')
  await fillIdentity(page, t)
  await check('Register: identity (KYC), filled')
  await page.getByRole('button', { name: 'Continue' }).click()

  await page.waitForURL((url) => url.pathname === '/register/shop')
  await page.getByLabel(/^Shop URL/).fill(`adas-kitchen-${t}`)
  await page.getByRole('status').filter({ hasText: 'is available' }).waitFor()
  await check('Register: shop')
  await page.getByRole('button', { name: 'Finish set-up' }).click()

  const review = dialog(page, 'Store under review')
  await review.waitFor()
  await check('Register: store under review')
  await review.getByRole('button', { name: 'Okay' }).click()
  await page.waitForURL((url) => url.pathname === '/')

  await page.getByRole('link', { name: /Forgot password/ }).click()
  await page.getByRole('button', { name: /code/i }).waitFor()
  await check('Forgot password')
  await page.getByLabel('Email address').fill(email)
  await page.getByRole('button', { name: /code/i }).click()
  await page.waitForURL((url) => url.pathname === '/reset-password')
  await page.getByLabel('Reset code, digit 1 of 6').waitFor()
  await check('Reset password')
  await page.getByLabel('Reset code, digit 1 of 6').click()
  await typeCode(page, await codeSentTo(outbox, email, 'email'))
  await page.getByLabel('New password', { exact: true }).fill(`${password}!`)
  await page.getByLabel('Confirm new password').fill(`${password}!`)
  await page.getByRole('button', { name: 'Reset password' }).click()
  const reset = dialog(page, 'Password reset successful')
  await reset.waitFor()
  await check('Reset password: done')
  await reset.getByRole('button', { name: 'Go to log in' }).click()

  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(`${password}!`)
  await page.getByRole('button', { name: 'Log in' }).click()
  const pending = dialog(page, 'Review Pending')
  await pending.waitFor()
  await check('Login: review pending')
  await pending.getByRole('button', { name: 'Okay' }).click()
  await pending.waitFor({ state: 'hidden' })

  // The operator approves (what `npm run admin -- approve` sends); the first sign-in then welcomes the owner.
  await fetch(`${origin}/api/operator/vendor-status`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Operator-Key': options.operatorKey },
    body: JSON.stringify({ email, status: 'approved' }),
  }).then((r) => json(r))
  await page.getByRole('button', { name: 'Log in' }).click()
  const welcome = dialog(page, 'Congratulations')
  await welcome.waitFor()
  await check('Home: welcome')
  await welcome.getByRole('button', { name: 'Start selling' }).click()
  await welcome.waitFor({ state: 'hidden' })
  await page.getByTestId('wallet-balance').filter({ hasText: /^₦/ }).waitFor()
  await check('Home: a new vendor')
  await page.goto(`${origin}/orders`)
  await page.getByText('No record found').first().waitFor()
  await check('Orders: empty')
  await context.close()

  // Customers' pages: no session.
  const customer = await options.newContext(browser)
  const shopper = await customer.newPage()
  const look = options.check(shopper)
  await shopper.goto(origin + ids.payLink)
  // The pay link's Buy now form (decision 111), then the same with the errors of an empty submit.
  const buy = shopper.getByRole('form', { name: 'Buy now' })
  await buy.getByRole('button', { name: 'Get payment details' }).waitFor()
  await look('Pay link')
  await buy.getByRole('button', { name: 'Get payment details' }).click()
  await buy.locator('[aria-invalid="true"]').first().waitFor()
  await look('Pay link: a form with errors')
  await shopper.goto(origin + ids.checkout)
  await shopper.getByRole('heading', { level: 1 }).waitFor()
  await shopper.getByText('Account number').first().waitFor()
  await look('Checkout (shareable order)')
  await shopper.goto(`${origin}/invite/${ids.invite}`)
  await shopper.getByText('Set your password').waitFor()
  await look('Invitation')
  await shopper.goto(`${origin}/invite/no-such-code`)
  await shopper.getByText('This invitation cannot be used').waitFor()
  await look('Invitation: cannot be used')
  await shopper.goto(`${origin}/shop/${DEMO.shopUrl}`)
  await shopper.getByRole('heading', { level: 1, name: DEMO.vendorName }).waitFor()
  await look('Storefront')
  // A cart (decision 176): the storefront with its cart bar, then the cart page with a delivery location chosen.
  await shopper
    .getByRole('button', { name: /^Add .* to cart$/ })
    .first()
    .click()
  await shopper.getByRole('link', { name: /^View cart/ }).waitFor()
  await look('Storefront: with a cart')
  await shopper.getByRole('link', { name: /^View cart/ }).click()
  await shopper.getByRole('form', { name: 'Your details' }).waitFor()
  await shopper.getByLabel('Delivery location').selectOption({ index: 1 })
  await look('Storefront cart')
  await customer.close()
}

/** A phone-sized page signed in as the demo vendor, with the helpers the signed-in walks share. */
async function signedIn(options: WalkOptions) {
  const { browser, origin } = options
  const context = await options.newContext(browser)
  const page = await context.newPage()
  const check = options.check(page)
  const go = async (path: string, ready: Locator) => {
    await page.goto(origin + path)
    await ready.first().waitFor()
  }
  const heading = (name: string | RegExp) => page.getByRole('heading', { level: 1, name })
  const sheet = async (path: string, name: string | RegExp, ready?: (d: Locator) => Locator) => {
    await page.goto(origin + path)
    const open = dialog(page, name)
    await (ready ? ready(open) : open).first().waitFor()
    return open
  }
  const filterSheet = async (screen: string, name: string) => {
    await page.getByRole('button', { name: /^Filter/ }).click()
    const open = dialog(page, name)
    await open.waitFor()
    await check(screen)
    await escape(page, open)
  }

  await page.goto(origin)
  await page.getByLabel('Email address').fill(DEMO.email)
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.waitForURL('**/home')
  return { context, page, check, go, heading, sheet, filterSheet }
}

/** Signed in as the demo vendor: Home and its sheets (Send Money step by step), transactions and the catalogue. */
export async function walkMoneyAndCatalogue(options: WalkOptions, ids: DemoIds): Promise<void> {
  const { page, context, check, go, heading, sheet, filterSheet } = await signedIn(options)
  await page.getByTestId('wallet-balance').filter({ hasText: /^₦/ }).waitFor()
  await page.getByText('Account number', { exact: true }).waitFor()
  await check('Home')

  await page.getByRole('button', { name: 'Open menu' }).click()
  const menu = dialog(page, 'Menu')
  await menu.getByRole('navigation', { name: 'Main' }).waitFor()
  await check('Menu', { phoneOnly: true })
  await escape(page, menu)

  await sheet('/home/account-details', 'Account details', (d) => d.getByText('Account number'))
  await check('Home: account details')

  // Send Money, every step: details, confirmation, the PIN (refused once, to see its error), the outcome.
  const send = await sheet('/home/send-money', 'Send Money', (d) => d.getByRole('combobox', { name: 'Bank' }))
  await check('Send Money')
  await page.getByRole('combobox', { name: 'Bank' }).fill('zzz')
  await page.getByRole('option', { name: 'No bank found' }).waitFor()
  await check('Send Money: no bank matches')
  await page.getByRole('combobox', { name: 'Bank' }).fill('Access')
  await page.getByRole('option', { name: 'Access Bank', exact: true }).waitFor()
  await check('Send Money: choosing a bank')
  await page.getByRole('option', { name: 'Access Bank', exact: true }).click()
  await page.getByRole('textbox', { name: 'Account number' }).fill('0690000032')
  await page
    .getByTestId('resolved-account-name')
    .filter({ hasText: /\w+ \w+/ })
    .waitFor()
  await page.getByLabel('Amount').fill('2500')
  await page.getByText(/^Charge: ₦/).waitFor()
  await check('Send Money, filled')
  await send.getByRole('button', { name: 'Proceed' }).click()
  const confirm = dialog(page, 'Confirm Payment')
  await confirm.getByText('Total').waitFor()
  await check('Send Money: confirm payment')
  await confirm.getByRole('button', { name: 'Send money' }).click()
  const pin = page.getByRole('alertdialog', { name: 'Enter your transaction PIN' })
  await pin.getByLabel('Transaction PIN, digit 1 of 4').waitFor()
  await check('Send Money: PIN')
  await pin.getByLabel('Transaction PIN, digit 1 of 4').click()
  await typeCode(page, String((Number(DEMO.pin) + 1) % 10_000).padStart(4, '0'))
  await pin.getByRole('alert').waitFor()
  await check('Send Money: PIN refused')
  await pin.getByLabel('Transaction PIN, digit 1 of 4').click()
  await typeCode(page, DEMO.pin)
  const sent = dialog(page, 'Transfer Successful')
  await sent.waitFor()
  await check('Send Money: transfer successful')
  await sent.getByRole('button', { name: 'Okay' }).click()
  await page.waitForURL((url) => url.pathname === '/home')

  await go('/transactions?duration=LAST_MONTH', page.getByTestId('transaction-row'))
  await check('Transactions')
  await filterSheet('Transactions: filter', 'Filter Transactions')
  await page.getByLabel('Duration').selectOption('CUSTOM')
  await page.getByLabel('Start date').waitFor()
  await check('Transactions: custom dates')
  const summary = await sheet(`/transactions/${ids.offlineCredit}?duration=LAST_MONTH`, 'Transaction Summary', (d) =>
    d.getByText('Transaction reference'),
  )
  await check('Transactions: summary')
  await summary.getByRole('button', { name: 'Mark as POS Transaction' }).click()
  const pos = page.getByRole('alertdialog', { name: 'Mark as POS Transaction?' })
  await pos.waitFor()
  await check('Transactions: mark as POS?')
  await pos.getByRole('button', { name: 'Cancel' }).click()
  await pos.waitFor({ state: 'hidden' })

  await go('/products', page.getByTestId('product-row'))
  await check('Products')
  await filterSheet('Products: filter', 'Filter Products')
  await go(`/products/${ids.product}`, page.getByTestId('variant-row'))
  await check('Product')
  await sheet(`/products/${ids.product}/variants/${ids.variant}`, 'Variant Details', (d) => d.getByRole('img', { name: /^QR code/ }))
  await check('Product: variant details')
  await sheet(`/products/${ids.product}/variants/${ids.variant}/update`, 'Update Variant', (d) => d.getByLabel('Available units'))
  await check('Product: update variant')
  await sheet(`/products/${ids.product}/variants/${ids.variant}/stock-alert`, 'Update Stock Level Alert', (d) =>
    d.getByLabel('Alert me at (units)'),
  )
  await check('Product: stock alert')
  await go(`/products/${ids.product}/edit`, page.getByLabel(/^Name/))
  await check('Product: edit')
  await go('/products/new', page.getByLabel(/^Name/))
  await page.getByRole('button', { name: 'Add product' }).click()
  await page.locator('[aria-invalid="true"]').first().waitFor()
  await check('Product: add, with errors')

  await go('/products/collections', page.getByTestId('collection-row'))
  await check('Collections')
  await filterSheet('Collections: filter', 'Filter Collections')
  await sheet('/products/collections/new', 'Add Collection', (d) => d.getByLabel('Name'))
  await check('Collections: add')
  await sheet(`/products/collections/${ids.collection}`, /Collection/, (d) => d.getByLabel('Name'))
  await check('Collections: update')

  await go('/products/coupons', heading('Coupons'))
  await page.getByText('WELCOME10').first().waitFor()
  await check('Coupons')
  await sheet('/products/coupons/new', /Coupon/, (d) => d.getByLabel(/^Coupon code/))
  await check('Coupons: create')
  await sheet(`/products/coupons/${ids.coupon}`, /Coupon/, (d) => d.getByText(/^[A-Z0-9]{4,}$/))
  await check('Coupons: details')

  await context.close()
}

/** Signed in as the demo vendor: orders, disputes, invoices, customers, outlets and every settings tab. */
export async function walkSalesOutletsAndSettings(options: WalkOptions, ids: DemoIds): Promise<void> {
  const { page, context, check, go, heading, sheet, filterSheet } = await signedIn(options)
  await go('/orders?duration=LAST_MONTH', page.getByTestId('order-row'))
  await check('Orders')
  await filterSheet('Orders: filter', 'Filter Orders')
  await go(`/orders/${ids.order}`, page.getByRole('region', { name: 'Summary' }))
  await check('Order')
  const status = page.getByRole('button', { name: /^Mark as / })
  if (await status.count()) {
    await status.first().click()
    const ask = page.getByRole('alertdialog', { name: /^Mark this order as / })
    await ask.waitFor()
    await check('Order: change status?')
    await ask.getByRole('button', { name: 'Cancel' }).click()
    await ask.waitFor({ state: 'hidden' })
  }
  await sheet(`/orders/${ids.order}/refund`, 'Initiate Refund')
  await check('Order: refund')
  await go('/orders/new', heading('Create order'))
  await check('Orders: create')
  await page.getByRole('button', { name: 'Choose an existing customer' }).click()
  const picker = dialog(page, 'Select Customer')
  await picker.getByRole('list', { name: 'Customers' }).waitFor()
  await check('Orders: create, select customer')
  await escape(page, picker)
  await go(`/orders/create-order`, heading('Create order'))
  await check('Orders: create from a transfer')

  await go('/orders/disputes', heading('Disputes'))
  await page.getByText('Customer says').first().waitFor()
  await check('Disputes')
  await filterSheet('Disputes: filter', 'Filter Disputes')
  await sheet('/orders/disputes/new', 'Initiate Dispute', (d) => d.getByRole('radio').first())
  await check('Disputes: initiate')
  await go(`/orders/disputes/${ids.dispute}`, page.getByRole('heading', { name: 'Conversation' }))
  await check('Dispute')
  await sheet(`/orders/disputes/${ids.openDispute}/escalate`, 'Escalate Dispute to Admin')
  await check('Dispute: escalate')

  await go('/invoices?duration=LAST_MONTH', page.getByTestId('order-row'))
  await check('Invoices')
  await go(`/invoices/${ids.invoice}`, page.getByRole('region', { name: 'Summary' }))
  await check('Invoice')
  await sheet(`/invoices/${ids.invoice}/refund`, 'Initiate Refund')
  await check('Invoice: refund')
  await go('/invoices/new', heading('Create invoice'))
  await check('Invoices: create')

  await go('/customers', heading('Customers'))
  await page
    .getByRole('link', { name: /Babajide|Halima|Chukwuemeka|Ibrahim/ })
    .first()
    .waitFor()
  await check('Customers')
  await filterSheet('Customers: filter', 'Filter Customers')
  await go(`/customers/${ids.customer}`, page.getByRole('heading', { name: 'Recent orders' }))
  await check('Customer')

  await go('/outlets', heading('Outlets'))
  await page.getByText('Lekki').first().waitFor()
  await check('Outlets')
  await sheet('/outlets/new', 'Create Outlet')
  await check('Outlets: create')
  await go(`/outlets/${ids.outlet}`, page.getByRole('heading', { name: 'Members' }))
  await check('Outlet')
  await page
    .getByRole('switch', { name: /^Active/ })
    .first()
    .click()
  const deactivate = page.getByRole('alertdialog', { name: /^Deactivate / })
  await deactivate.waitFor()
  await check('Outlet: deactivate?')
  await deactivate.getByRole('button', { name: 'Cancel' }).click()
  await deactivate.waitFor({ state: 'hidden' })
  await page.getByRole('button', { name: 'Add Member' }).click()
  const addMember = page.getByRole('dialog', { name: /member/i })
  await addMember.waitFor()
  await check('Outlet: add member')
  await escape(page, addMember)
  await page
    .getByRole('button', { name: /^Remove / })
    .first()
    .click()
  const removeMember = page.getByRole('alertdialog', { name: /^Remove .+ from / })
  await removeMember.waitFor()
  await check('Outlet: remove member?')
  await removeMember.getByRole('button', { name: 'Cancel' }).click()
  await removeMember.waitFor({ state: 'hidden' })
  await sheet(`/outlets/${ids.outlet}/transactions/${ids.outletTransaction}`, 'Transaction Summary', (d) =>
    d.getByText('Transaction reference'),
  )
  await check('Outlet: transaction summary')
  await sheet(`/outlets/${ids.outlet}/transfer-to-main`, /Transfer/, (d) => d.getByLabel('Amount'))
  await check('Outlet: transfer to main wallet')
  await sheet(`/outlets/${ids.outlet}/transfer-to-outlet`, /Transfer/, (d) => d.getByLabel('Amount'))
  await check('Outlet: transfer to another outlet')

  const tab = async (id: string, screen: string, ready: Locator) => {
    await go(`/settings?tab=${id}`, ready)
    await check(`Settings: ${screen}`)
  }
  await tab('profile', 'profile', page.getByRole('heading', { name: 'Business profile' }))
  await tab('payout-settings', 'payout settings', page.getByRole('switch', { name: /^Allow transfers to other accounts/ }))
  await page.getByRole('switch', { name: /^Allow transfers to other accounts/ }).click()
  const thirdParty = page.getByRole('alertdialog', { name: /third-party transfers/ })
  await thirdParty.waitFor()
  await check('Settings: third-party transfers PIN')
  await thirdParty.getByRole('button', { name: 'Cancel' }).click()
  await thirdParty.waitFor({ state: 'hidden' })
  await tab('security', 'security', page.getByRole('heading', { name: 'Transaction PIN' }))
  await sheet('/settings/change-pin', 'Change Your Pin')
  await check('Settings: change PIN')
  await tab('password', 'password', page.getByRole('heading', { name: 'Change password' }))
  await tab('taxes', 'taxes', page.getByText('VAT').first())
  await sheet('/settings/taxes/new', /Tax/)
  await check('Settings: add tax')
  await tab('delivery-locations', 'delivery', page.getByText('Yaba').first())
  await sheet('/settings/delivery-locations/new', /Delivery/)
  await check('Settings: add delivery location')
  await sheet(`/settings/delivery-locations/${ids.location}`, /Delivery/, (d) => d.getByLabel(/^Name/))
  await check('Settings: update delivery location')
  await tab('team', 'team', page.getByText('Kemi Adebayo').first())
  await page
    .getByRole('button', { name: /^Deactivate: / })
    .first()
    .click()
  const deactivateMember = page.getByRole('alertdialog')
  await deactivateMember.waitFor()
  await check('Settings: deactivate team member?')
  await deactivateMember.getByRole('button', { name: 'Cancel' }).click()
  await deactivateMember.waitFor({ state: 'hidden' })
  await sheet('/settings/team/invite', 'Invite Team Member')
  await check('Settings: invite team member')
  await tab('website', 'website', page.getByRole('heading', { level: 2 }).first())
  await tab('domains', 'domains', page.getByRole('heading', { name: 'Shop address' }))
  await go('/settings/developers', page.getByRole('heading', { name: 'Recent calls' }))
  await check('Settings: developers')
  await page.getByRole('button', { name: 'Create key' }).click()
  const createKey = dialog(page, 'Create API key')
  await createKey.getByLabel(/^Name/).waitFor()
  await check('Settings: create API key')
  await escape(page, createKey)
  await context.close()
}
