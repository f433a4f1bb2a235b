import { useQuery } from '@tanstack/react-query'
import { css } from 'styled-system/css'

import { Button } from '#app/ui/button'
import { Field, Input } from '#app/ui/field'
import { Icon } from '#app/ui/icon'
import { SearchSelect } from '#app/ui/search-select'
import { Spinner } from '#app/ui/spinner'
import { namesOfBank } from '#contract/bank-names'

import { banksQuery } from '../queries'
import type { Resolution } from '../use-account-resolution'

export const ACCOUNT_NUMBER_LENGTH = 10

/**
 * '0123 456 785' and ' 0123456785 ' as pasted from a chat become 0123456785: the non-digits go first, then the
 * length cut. (No maxLength on the input for the same reason: the browser would cut the paste to 10 characters,
 * spaces included, before this sees it.)
 */
export function digitsOnly(text: string, max = ACCOUNT_NUMBER_LENGTH): string {
  return text.replace(/\D/g, '').slice(0, max)
}

const resolvedBox = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  px: '3',
  py: '2.5',
  borderRadius: 'control',
  bg: 'success.subtle',
  color: 'success.fg',
  fontWeight: 'semibold',
})
const pendingLine = css({ display: 'flex', alignItems: 'center', gap: '2', color: 'fg.muted', textStyle: 'body.sm' })

export interface AccountFieldsProps {
  bankCode: string | undefined
  accountNumber: string
  onBankChange: (bankCode: string | undefined) => void
  onAccountNumberChange: (accountNumber: string) => void
  resolution: Resolution
  onRetry: () => void
  disabled?: boolean
}

/** Bank (searchable, from GET /bank), the 10-digit account number, and the name enquiry's outcome. */
export function AccountFields({
  bankCode,
  accountNumber,
  onBankChange,
  onAccountNumberChange,
  resolution,
  onRetry,
  disabled,
}: AccountFieldsProps) {
  const banks = useQuery(banksQuery())
  const options = (banks.data ?? []).map((b) => ({ value: b.code, label: b.name, keywords: namesOfBank(b).slice(1) }))
  const accountError = resolution.status === 'invalid' || resolution.status === 'failed' ? resolution.message : undefined

  return (
    <>
      <Field label="Bank" error={banks.isError && !banks.data ? 'Could not load the list of banks.' : undefined} disabled={disabled}>
        <SearchSelect
          options={options}
          value={bankCode}
          onChange={onBankChange}
          placeholder={banks.isPending ? 'Loading banks…' : 'Search for a bank'}
          emptyText="No bank found"
          disabled={disabled}
        />
      </Field>
      <Field label="Account number" error={accountError} helper={disabled ? undefined : '10 digits (NUBAN)'} disabled={disabled}>
        <Input
          inputMode="numeric"
          autoComplete="off"
          pattern="[0-9]*"
          placeholder="0123456789"
          value={accountNumber}
          onChange={(event) => onAccountNumberChange(digitsOnly(event.target.value))}
        />
      </Field>
      {resolution.status === 'resolving' ? (
        <p role="status" className={pendingLine}>
          <Spinner size="sm" />
          Checking the account name…
        </p>
      ) : resolution.status === 'resolved' ? (
        <p role="status" className={resolvedBox} aria-label={`Account name: ${resolution.account.accountName}`}>
          <Icon name="check" size={18} />
          <span data-testid="resolved-account-name">{resolution.account.accountName}</span>
        </p>
      ) : resolution.status === 'failed' ? (
        <div>
          <Button variant="ghost" size="sm" onClick={onRetry}>
            <Icon name="refresh" size={16} />
            Try again
          </Button>
        </div>
      ) : null}
    </>
  )
}
