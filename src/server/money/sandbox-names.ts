import { createHash } from 'node:crypto'

import { and, eq } from 'drizzle-orm'

import { nubanFor } from '#contract/nuban'

import type { Db, Tx } from '../db/client'
import { sandboxNamedAccounts } from '../db/platform-schema'

/*
 * Who holds an account at the sandbox bank (sandbox-bank.ts): a few accounts with fixed names (the demo's), and for
 * every other number a realistic Nigerian name derived from it, the same each time it is asked.
 */

/** Accounts with a fixed holder name, so the demo's settlement account resolves to its owner. */
export const SANDBOX_NAMED_ACCOUNTS: Record<string, string> = {
  [`058:${nubanFor('058', '012345678')}`]: 'Adaeze Okafor',
  // The demo business's own account at Access Bank: a settlement account must be in the business's or the owner's
  // name (decision 143), and the sandbox's other names are made up from the number.
  [`044:${nubanFor('044', '012345678')}`]: 'MAMA PUT KITCHEN LTD',
}

const FIRST = [
  'Adaeze',
  'Chinedu',
  'Oluwaseun',
  'Aisha',
  'Emeka',
  'Funmilayo',
  'Ibrahim',
  'Ngozi',
  'Tunde',
  'Zainab',
  'Obinna',
  'Yetunde',
  'Musa',
  'Chiamaka',
  'Babajide',
  'Halima',
  'Ikechukwu',
  'Temitope',
  'Usman',
  'Amarachi',
]
const MIDDLE = ['Chioma', 'Ade', 'Nkechi', 'Bola', 'Sani', 'Uche', 'Kemi', 'Femi', 'Amina', 'Ifeoma', 'Segun', 'Hauwa']
const LAST = [
  'Okafor',
  'Adeyemi',
  'Bello',
  'Eze',
  'Ogunleye',
  'Abubakar',
  'Nwosu',
  'Bakare',
  'Okonkwo',
  'Olawale',
  'Danjuma',
  'Obi',
  'Adebayo',
  'Chukwu',
  'Lawal',
  'Onyeka',
  'Afolabi',
  'Yusuf',
  'Nnamdi',
  'Oyelaran',
]

/** The parts of the sandbox's names: bench/history-seed.ts draws its payers' names from the same list. */
export const SANDBOX_NAME_PARTS = { first: FIRST, middle: MIDDLE, last: LAST } as const

/** A realistic Nigerian name derived from the account, so the same number always resolves to the same person. */
export function sandboxAccountName(accountNumber: string, bankCode: string): string {
  const named = SANDBOX_NAMED_ACCOUNTS[`${bankCode}:${accountNumber}`]
  if (named) return named
  const hash = createHash('sha256').update(`${bankCode}:${accountNumber}`).digest()
  return `${FIRST[hash[0]! % FIRST.length]} ${MIDDLE[hash[1]! % MIDDLE.length]} ${LAST[hash[2]! % LAST.length]}`
}

/** Where the sandbox keeps its customers' own accounts: GTBank, as the demo's settlement account. */
export const SANDBOX_OWN_ACCOUNTS_BANK = { name: 'Guaranty Trust Bank', code: '058' } as const

/** Records accounts the sandbox holds in these names (their numbers chosen by the caller); a second time, nothing. */
export async function keepNamedAccounts(db: Db | Tx, accounts: { accountNumber: string; name: string }[]): Promise<void> {
  if (accounts.length === 0) return
  await db
    .insert(sandboxNamedAccounts)
    .values(accounts.map((account) => ({ bankCode: SANDBOX_OWN_ACCOUNTS_BANK.code, ...account })))
    .onConflictDoNothing()
}

/** The holder's name of an account the sandbox opened in a name, if this is one. */
export async function namedAccountHolder(db: Db, bankCode: string, accountNumber: string): Promise<string | null> {
  const [row] = await db
    .select({ name: sandboxNamedAccounts.name })
    .from(sandboxNamedAccounts)
    .where(and(eq(sandboxNamedAccounts.bankCode, bankCode), eq(sandboxNamedAccounts.accountNumber, accountNumber)))
  return row?.name ?? null
}
