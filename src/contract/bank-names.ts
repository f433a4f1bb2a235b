import { searchKey } from './search-key'

/*
 * The names Nigerians use for banks beside their registered ones, by CBN code (issue 22: searching "GTB", "UBA"
 * or "FCMB" found nothing). One table for both sides: the app's bank search matches them, and a refund finds the
 * bank an inbound payment named ("GTBank", as a provider's notice may spell it) among the banks we can send to.
 * Every alias names one bank only, and says something its registered name does not (tests/unit/bank-names.test.ts).
 */
export const BANK_ALIASES: Readonly<Record<string, readonly string[]>> = {
  '044': ['Access', 'Access Diamond', 'Diamond Bank'],
  '023': ['Citibank', 'Citi'],
  '050': ['Ecobank', 'EBN'],
  '070': ['Fidelity'],
  '011': ['First Bank', 'FBN'],
  '214': ['FCMB'],
  '103': ['Globus'],
  '058': ['GTB', 'GTBank', 'GTCO', 'Guaranty Trust'],
  '301': ['Jaiz'],
  '082': ['Keystone'],
  '50211': ['Kuda', 'Kuda Bank', 'Kuda MFB'],
  '303': ['Lotus'],
  '50515': ['Moniepoint', 'Moniepoint MFB', 'TeamApt'],
  '999992': ['Paycom'],
  '076': ['Polaris', 'Skye Bank'],
  '105': ['PremiumTrust'],
  '101': ['Providus'],
  '221': ['Stanbic', 'Stanbic IBTC'],
  '068': ['StanChart', 'SCB'],
  '232': ['Sterling', 'OneBank'],
  '100': ['SunTrust'],
  '302': ['TAJ'],
  '102': ['Titan Trust', 'Titan'],
  '032': ['Union Bank', 'UBN'],
  '033': ['UBA'],
  '215': ['Unity'],
  '035': ['Wema', 'ALAT'],
  '057': ['Zenith'],
}

/** Every name a bank goes by: its registered name first, then its aliases. */
export const namesOfBank = (bank: { code: string; name: string }): readonly string[] => [bank.name, ...(BANK_ALIASES[bank.code] ?? [])]

/**
 * The bank among `banks` that `name` names exactly (its registered name or an alias, compared by searchKey):
 * for money, never a partial match.
 */
export function bankNamed<T extends { code: string; name: string }>(banks: readonly T[], name: string): T | undefined {
  const key = searchKey(name)
  if (!key) return undefined
  return banks.find((bank) => namesOfBank(bank).some((known) => searchKey(known) === key))
}
