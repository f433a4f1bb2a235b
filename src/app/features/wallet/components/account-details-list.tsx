import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'
import type * as v from 'valibot'

import { AccountNumber } from '#app/ui/account-number'
import type { WalletDetails } from '#contract/vendor'

const label = css({ fontSize: 'sm', color: 'fg.muted' })

/** Bank, account number (with copy, or "Account being created") and name of the wallet's virtual account; `large` in the dialog. */
export function AccountDetailsList({ details, large = false }: { details: v.InferOutput<typeof WalletDetails>; large?: boolean }) {
  const text = css({ fontWeight: 'medium', fontSize: large ? 'lg' : undefined })
  return (
    <dl className={stack({ gap: large ? '4' : '3' })}>
      {/* No bank yet while the account is being created. */}
      {details.bankName && (
        <div>
          <dt className={label}>Bank name</dt>
          <dd className={text}>{details.bankName}</dd>
        </div>
      )}
      <div>
        <dt className={label}>Account number</dt>
        <dd
          className={css({
            display: 'flex',
            alignItems: 'center',
            gap: '2',
            fontWeight: 'bold',
            fontSize: large ? '2xl' : 'xl',
            letterSpacing: 'wide',
          })}
        >
          <AccountNumber value={details.accountNumber} />
        </dd>
      </div>
      <div>
        <dt className={label}>Account name</dt>
        <dd className={text}>{details.accountName}</dd>
      </div>
    </dl>
  )
}
