import { css } from 'styled-system/css'

import { formatKobo } from '#contract/naira'

export interface MoneyProps {
  /** Integer kobo, as on the wire. */
  kobo: number
  /** ISO 4217 code; a transaction's own currency when it has one, naira otherwise (SPEC §1). */
  currency?: string | null
}

const amount = css({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' })

export function Money({ kobo, currency }: MoneyProps) {
  return <span className={amount}>{formatKobo(kobo, currency ?? 'NGN')}</span>
}
