import { css } from 'styled-system/css'

import { CopyButton } from './copy-button'

/** What a wallet shows while the provider is still creating its virtual account (decision 142). */
export const ACCOUNT_BEING_CREATED = 'Account being created'

/**
 * A wallet's virtual account number with its copy button, or "Account being created" while the provider has not
 * given one yet (the wallet's details query asks again until it has).
 */
export function AccountNumber({ value }: { value: string | null }) {
  if (value === null) {
    return (
      <span data-testid="account-being-created" className={css({ fontWeight: 'medium', fontSize: 'md', color: 'fg.muted' })}>
        {ACCOUNT_BEING_CREATED}
      </span>
    )
  }
  return (
    <>
      <span>{value}</span>
      <CopyButton value={value} label="Copy account number" toastMessage="Account number copied" />
    </>
  )
}
