/*
 * Whose account a settlement account is (decision 143): the bank's name for it must be the business's registered
 * name or the owner's name, read as sets of words. Case, accents, punctuation and word order do not count, nor do
 * titles (MR, DR, ALHAJI…), company suffixes (LTD, ENTERPRISES, VENTURES…) and "AND"/"&". Then one set must hold
 * the other (a bank adds a middle name, or leaves it out), sharing at least two words, or be the same one word.
 * "ADAEZE CHIOMA OKAFOR" is Adaeze Okafor's; "ADAEZE EZE" and "OKAFOR" are not.
 */

/** Words that say nothing about whose account it is. */
const IGNORED = new Set([
  // Titles
  'MR',
  'MRS',
  'MS',
  'MISS',
  'DR',
  'PROF',
  'CHIEF',
  'ALHAJI',
  'ALHAJA',
  'ALH',
  'PASTOR',
  'ENGR',
  'BARR',
  // Company forms and trade words Nigerian banks add or drop
  'LTD',
  'LIMITED',
  'PLC',
  'NIG',
  'NIGERIA',
  'CO',
  'COMPANY',
  'ENTERPRISE',
  'ENTERPRISES',
  'ENT',
  'VENTURE',
  'VENTURES',
  'GLOBAL',
  'INTERNATIONAL',
  'INTL',
  'BN',
  'BUSINESS',
  'NAME',
  'AND',
  'THE',
])

/** The words of a name that say whose it is: upper-case, no accents, punctuation as spaces. */
export function nameWords(name: string): Set<string> {
  const plain = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
  return new Set(plain.split(' ').filter((word) => word && !IGNORED.has(word)))
}

/** Whether the bank's name for an account is `expected` (the business's or the owner's name), by the rule above. */
export function namesMatch(accountName: string, expected: string): boolean {
  const a = nameWords(accountName)
  const b = nameWords(expected)
  const [small, large] = a.size <= b.size ? [a, b] : [b, a]
  if (small.size === 0) return false
  for (const word of small) if (!large.has(word)) return false
  return small.size >= 2 || large.size === 1
}
