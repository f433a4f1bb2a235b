import { randomUUID } from 'node:crypto'
import { parseArgs } from 'node:util'

import { parseNairaToKobo } from '#contract/money'
import { BANKS } from '#server/money/banks'
import { newSessionId } from '#server/money/ledger'
import { sandboxPayerAccount } from '#server/money/sandbox-bank'
import { SANDBOX_OWN_ACCOUNTS_BANK } from '#server/money/sandbox-names'
import { DEV_WEBHOOK_SECRET, signWebhookBody } from '#server/money/webhook-signature'
import { DEMO } from '#server/seed/demo'

/*
 * Plays the bank against the RUNNING server (npm start), the way a provider would: a signed inbound-transfer
 * notice to POST /api/webhooks/bank/inbound. So it works while the server holds the PGlite database.
 *   npm run sandbox -- credit EMAIL|ACCOUNT_NUMBER AMOUNT_NAIRA [--outlet NAME | --order REF] [--from NAME]
 *                     [--bank BANK] [--account NUMBER] [--narration TEXT] [--reference REF] [--password PW] [--url URL]
 *   npm run sandbox -- account NAME
 * AMOUNT is naira ("1500" or "1,500.50"). An EMAIL is turned into its virtual account number by signing in
 * (the demo account's password is known; others pass --password) and reading /vendor/wallet/details, or with
 * --outlet, the account of that outlet of the vendor (found by name, ignoring case, through GET /outlet), or with
 * --order ORD-…/INV-…, that order's own temporary account (GET /order/single, which makes one if it has none yet):
 * money into it pays the order with no narration (issue 36).
 * --account is the payer's account number, not the one credited; without it, each --from name pays from an account
 * of its own at --bank (sandboxPayerAccount), so different names are different customers (a payer is bank + account).
 * The notice is signed with BANK_WEBHOOK_SECRET (default: the sandbox secret, as the server's).
 * `account NAME` prints the account the sandbox bank holds in NAME at GTBank: a vendor's owner and business have one
 * once the vendor is approved (decision 143 lets a settlement account be only in one of those names).
 * See docs/sandbox-banking.md.
 */

const USAGE = [
  'Usage: npm run sandbox -- credit EMAIL|ACCOUNT_NUMBER AMOUNT_NAIRA [--outlet NAME | --order REF] [--from NAME] [--bank BANK] [--account NUMBER] [--narration TEXT] [--reference REF] [--password PW] [--url URL]',
  '       npm run sandbox -- account NAME',
].join('\n')

class Refused extends Error {}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a CLI reading the server's JSON: each call reads its own fields
async function request(url: string, init: RequestInit): Promise<{ status: number; body: any }> {
  let response: Response
  try {
    response = await fetch(url, init)
  } catch {
    throw new Refused(`No server is answering at ${new URL(url).origin}. Start it with \`npm start\`, or pass --url.`)
  }
  const text = await response.text()
  try {
    return { status: response.status, body: JSON.parse(text) }
  } catch {
    throw new Refused(`${new URL(url).origin} answered ${response.status} without JSON: is it this app's server?`)
  }
}

/** The outlet of this name (ignoring case) among those the user sees, or a refusal naming the ones there are. */
async function outletAccount(base: string, auth: Record<string, string>, name: string): Promise<string> {
  const found = await request(`${base}/api/outlet?size=100&search=${encodeURIComponent(name)}`, { headers: auth })
  if (found.status !== 200) throw new Refused(`Could not list outlets: ${found.body.message}`)
  const outlets = found.body.data.items as { name: string; accountNumber: string }[]
  const exact = outlets.filter((outlet) => outlet.name.toLowerCase() === name.toLowerCase())
  const [match] = exact.length ? exact : outlets
  if (match && (exact.length || outlets.length === 1)) return match.accountNumber
  const names = outlets.map((outlet) => outlet.name).join(', ')
  throw new Refused(names ? `More than one outlet matches "${name}": ${names}` : `No outlet named "${name}"`)
}

/** The order's own account to pay into (made by the server on this read if it has none yet). */
async function orderAccount(base: string, auth: Record<string, string>, reference: string): Promise<string> {
  const found = await request(`${base}/api/order/single?reference=${encodeURIComponent(reference)}`, { headers: auth })
  if (found.status !== 200) throw new Refused(`Could not read order ${reference}: ${found.body.message}`)
  const account = found.body.data.payAccount as { accountNumber: string } | null
  if (!account)
    throw new Refused(`${reference} has no account to pay into: it is ${found.body.data.status}, or the provider did not answer`)
  return account.accountNumber
}

/** The virtual account number of the vendor (or of one of its outlets, or an order's own), by signing in as the user. */
async function accountOf(base: string, email: string, password: string | undefined, outlet?: string, order?: string): Promise<string> {
  const secret = password ?? (email.toLowerCase() === DEMO.email ? DEMO.password : undefined)
  if (!secret) throw new Refused(`Pass --password for ${email}, or give the 10-digit virtual account number instead`)
  const json = { 'content-type': 'application/json' }
  const login = await request(`${base}/api/auth/vendor/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password: secret }),
  })
  if (login.status !== 200) throw new Refused(`Could not sign in as ${email}: ${login.body.message}`)
  const auth = { authorization: `Bearer ${login.body.data.token}` }
  try {
    if (outlet) return await outletAccount(base, auth, outlet.trim())
    if (order) return await orderAccount(base, auth, order.trim().toUpperCase())
    const details = await request(`${base}/api/vendor/wallet/details`, { headers: auth })
    if (details.status !== 200) throw new Refused(`Could not read ${email}'s wallet: ${details.body.message}`)
    return details.body.data.accountNumber as string
  } finally {
    await request(`${base}/api/auth/logout`, { method: 'POST', headers: auth })
  }
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      outlet: { type: 'string' },
      order: { type: 'string' },
      from: { type: 'string', default: 'Sandbox Customer' },
      bank: { type: 'string', default: 'Guaranty Trust Bank' },
      account: { type: 'string' },
      narration: { type: 'string' },
      reference: { type: 'string' },
      password: { type: 'string' },
      url: { type: 'string', default: `http://localhost:${process.env.PORT || 3000}` },
    },
  })
  const [command, target, amount] = positionals
  if (command === 'account' && target?.trim()) {
    const { name, code } = SANDBOX_OWN_ACCOUNTS_BANK
    console.info(
      `${name} ${sandboxPayerAccount(target.trim(), code)}: the sandbox's account in the name of ${target.trim()} (it resolves to that name once a vendor whose owner or business has that name is approved)`,
    )
    return
  }
  if (command !== 'credit' || !target || !amount) {
    console.error(USAGE)
    process.exitCode = 2
    return
  }
  const kobo = parseNairaToKobo(amount)
  if (!kobo) throw new Refused(`AMOUNT must be naira above zero, like 1500 or 1,500.50; got ${amount}`)
  const base = values.url.replace(/\/+$/, '')
  const byNumber = /^\d{10}$/.test(target)
  if (byNumber && (values.outlet || values.order)) {
    throw new Refused(`--${values.outlet ? 'outlet' : 'order'} needs an EMAIL to sign in with; an account number already names the account`)
  }
  if (values.outlet && values.order) throw new Refused('Pass --outlet or --order, not both')
  const accountNumber = byNumber ? target : await accountOf(base, target.trim(), values.password, values.outlet, values.order)
  const bank = BANKS.find((known) => known.name.toLowerCase() === values.bank.trim().toLowerCase())
  if (!values.account && !bank)
    throw new Refused(`Unknown --bank "${values.bank}"; use a bank's full name, like "Access Bank", or pass --account`)
  const payerAccount = values.account ?? sandboxPayerAccount(values.from, bank!.code)

  const raw = JSON.stringify({
    accountNumber,
    amount: kobo,
    providerReference: values.reference ?? `SBX-${randomUUID()}`,
    sessionId: newSessionId(),
    originatorAccountName: values.from,
    originatorBankName: values.bank,
    originatorAccountNumber: payerAccount,
    ...(values.narration ? { narration: values.narration } : {}),
  })
  const signature = signWebhookBody(raw, process.env.BANK_WEBHOOK_SECRET || DEV_WEBHOOK_SECRET)
  const result = await request(`${base}/api/webhooks/bank/inbound`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-provider-signature': signature },
    body: raw,
  })
  if (result.status !== 200) throw new Refused(`The server refused the credit (${result.status}): ${result.body.message}`)
  const { transactionId, duplicate } = result.body.data
  console.info(
    duplicate
      ? `Not credited: ${result.body.message} (transaction ${transactionId})`
      : `Credited ₦${amount} to ${values.outlet ? `outlet ${values.outlet} (${accountNumber})` : values.order ? `the account of ${values.order.trim().toUpperCase()} (${accountNumber})` : accountNumber} from ${values.from} (${values.bank} ${payerAccount}): transaction ${transactionId}. ${result.body.message}`,
  )
}

main().catch((error) => {
  console.error(error instanceof Refused ? error.message : error)
  process.exitCode = 1
})
