import { createHash } from 'node:crypto'

import { nubanFor } from '#contract/nuban'

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

/** A realistic Nigerian name derived from the account, so the same number always resolves to the same person. */
export function sandboxAccountName(accountNumber: string, bankCode: string): string {
  const named = SANDBOX_NAMED_ACCOUNTS[`${bankCode}:${accountNumber}`]
  if (named) return named
  const hash = createHash('sha256').update(`${bankCode}:${accountNumber}`).digest()
  return `${FIRST[hash[0]! % FIRST.length]} ${MIDDLE[hash[1]! % MIDDLE.length]} ${LAST[hash[2]! % LAST.length]}`
}
