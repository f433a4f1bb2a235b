import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { chargeLabel } from '#app/lib/transfer-charge'
import { AmountInput, Field, Input } from '#app/ui/field'

import type { Resolution } from '../use-account-resolution'
import { AccountFields } from './account-fields'
import { BeneficiaryPicker, SaveBeneficiary } from './beneficiary-picker'

export interface SendMoneyValues {
  bankCode: string | undefined
  accountNumber: string
  /** Naira as typed ('1500.50'); converted to kobo with parseNairaToKobo. */
  amount: string
  narration: string
  toSettlement: boolean
}

export const EMPTY_SEND_MONEY: SendMoneyValues = { bankCode: undefined, accountNumber: '', amount: '', narration: '', toSettlement: false }
export const NARRATION_MAX = 100

const checkboxRow = css({ display: 'flex', alignItems: 'center', gap: '3', minH: 'touch', cursor: 'pointer', fontWeight: 'medium' })
const checkbox = css({ w: '5', h: '5', accentColor: 'accent.default', cursor: 'pointer' })
const notice = css({ p: '3', borderRadius: 'control', bg: 'warning.subtle', color: 'warning.fg', textStyle: 'body.sm' })

export interface SendMoneyDetailsProps {
  values: SendMoneyValues
  onChange: (patch: Partial<SendMoneyValues>) => void
  onToggleSettlement: (on: boolean) => void
  resolution: Resolution
  onRetryResolution: () => void
  /** The fee for the amount typed, in kobo, once known. */
  fee: number | undefined
  amountError?: string
  /** Why the settlement option cannot be used (none set yet), when it cannot. */
  settlementMissing: boolean
  /** Third-party transfers are off: the settlement account is chosen and cannot be unchosen. */
  thirdPartyDisabled: boolean
}

/** Step 1, 'Send Money': who to pay and how much. */
export function SendMoneyDetails({
  values,
  onChange,
  onToggleSettlement,
  resolution,
  onRetryResolution,
  fee,
  amountError,
  settlementMissing,
  thirdPartyDisabled,
}: SendMoneyDetailsProps) {
  // Recent and saved accounts only where any account may be chosen (not locked to the settlement account).
  const anyAccount = !thirdPartyDisabled && !values.toSettlement
  return (
    <div className={stack({ gap: '4' })}>
      <label className={checkboxRow}>
        <input
          type="checkbox"
          className={checkbox}
          checked={values.toSettlement}
          disabled={thirdPartyDisabled}
          onChange={(event) => onToggleSettlement(event.target.checked)}
        />
        Send to my settlement account
      </label>
      {settlementMissing ? (
        <p className={notice}>
          You have not set a settlement account yet.{' '}
          <Link to="/settings" search={{ tab: 'payout-settings' }} className={css({ fontWeight: 'semibold', textDecoration: 'underline' })}>
            Add one in Payout settings
          </Link>
        </p>
      ) : null}
      {thirdPartyDisabled ? (
        <p className={notice}>
          Third-party transfers are turned off, so money can only go to your settlement account. You can turn them on in{' '}
          <Link to="/settings" search={{ tab: 'payout-settings' }} className={css({ fontWeight: 'semibold', textDecoration: 'underline' })}>
            Payout settings
          </Link>
          .
        </p>
      ) : null}
      {anyAccount ? (
        <BeneficiaryPicker
          chosen={values.bankCode ? { bankCode: values.bankCode, accountNumber: values.accountNumber } : undefined}
          onPick={(account) => onChange(account)}
        />
      ) : null}
      <AccountFields
        bankCode={values.bankCode}
        accountNumber={values.accountNumber}
        onBankChange={(bankCode) => onChange({ bankCode })}
        onAccountNumberChange={(accountNumber) => onChange({ accountNumber })}
        resolution={resolution}
        onRetry={onRetryResolution}
        disabled={values.toSettlement}
      />
      {anyAccount && resolution.status === 'resolved' ? (
        <SaveBeneficiary account={{ bankCode: resolution.account.bankCode, accountNumber: resolution.account.accountNumber }} />
      ) : null}
      <Field label="Amount" error={amountError} helper={values.amount ? `Charge: ${chargeLabel(fee)}` : undefined}>
        <AmountInput value={values.amount} onChange={(amount) => onChange({ amount })} />
      </Field>
      <Field label="Narration (optional)" helper={`${values.narration.length}/${NARRATION_MAX}`}>
        <Input
          value={values.narration}
          maxLength={NARRATION_MAX}
          autoComplete="off"
          onChange={(event) => onChange({ narration: event.target.value })}
        />
      </Field>
    </div>
  )
}
