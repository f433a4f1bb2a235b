import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { errorMessage } from '#app/lib/api'
import { OFFLINE_MONEY_MESSAGE, useOnline } from '#app/lib/online'
import { usePermission } from '#app/lib/permissions'
import { Button } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { Notice } from '#app/ui/notice'
import { PinDialog } from '#app/ui/pin-dialog'
import { QueryError } from '#app/ui/query-error'
import { Skeleton } from '#app/ui/skeleton'
import { lagosMinuteText } from '#contract/lagos-time'

import { settlementAccountQuery, useCancelSettlementChange, useSetSettlementAccount } from '../queries'
import { accountRenamed, lookupExpired, RESOLVE_FAILED, type Resolved, useAccountResolution } from '../use-account-resolution'
import { AccountFields } from './account-fields'

const label = css({ textStyle: 'body.sm', color: 'fg.muted' })
const value = css({ fontWeight: 'medium' })

function SettlementForm({ onDone }: { onDone: () => void }) {
  const online = useOnline()
  const [bankCode, setBankCode] = useState<string | undefined>()
  const [accountNumber, setAccountNumber] = useState('')
  const { resolution, account, retry, refresh } = useAccountResolution(bankCode, accountNumber)
  const save = useSetSettlementAccount()
  const [pinOpen, setPinOpen] = useState(false)
  const [pin, setPin] = useState('')
  const [pinError, setPinError] = useState<string | null>(null)

  // The server saves the account its name enquiry found, by requestId, not whatever digits were typed.
  function saveWith(confirmed: Resolved, code: string, renewed: boolean) {
    setPinError(null)
    save.mutate(
      { requestId: confirmed.requestId, pin: code },
      {
        onSuccess: () => {
          setPinOpen(false)
          onDone()
        },
        onError: (error) => {
          if (!renewed && lookupExpired(error)) {
            // Refused before the PIN was checked: a fresh lookup of the same account, then the same PIN again.
            return void refresh().then(
              (fresh) => {
                // Someone else's name is shown (the dialog now names them) and asks for the PIN again, never saved blind.
                if (fresh.accountName === confirmed.accountName) return saveWith(fresh, code, true)
                setPinError(accountRenamed(fresh.accountName, 'Check it, then enter your PIN again.'))
                setPin('')
              },
              () => setPinError(RESOLVE_FAILED),
            )
          }
          setPinError(errorMessage(error))
          setPin('')
        },
      },
    )
  }

  return (
    <>
      <form
        className={stack({ gap: '4', maxW: '420px' })}
        onSubmit={(event) => {
          event.preventDefault()
          if (!account) return
          setPin('')
          setPinError(null)
          setPinOpen(true)
        }}
      >
        <AccountFields
          bankCode={bankCode}
          accountNumber={accountNumber}
          onBankChange={setBankCode}
          onAccountNumberChange={setAccountNumber}
          resolution={resolution}
          onRetry={retry}
        />
        {online ? null : <p className={label}>{OFFLINE_MONEY_MESSAGE}</p>}
        <div className={css({ display: 'flex', gap: '3' })}>
          <Button variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={!account || !online}>
            Save account
          </Button>
        </div>
      </form>
      <PinDialog
        open={pinOpen}
        onOpenChange={setPinOpen}
        title="Change settlement account"
        description={
          account
            ? `Enter your 4-digit PIN to send payouts to ${account.accountName}, ${account.bankName} ${account.accountNumber}. The account owner will be told.`
            : undefined
        }
        pin={pin}
        onPinChange={setPin}
        onSubmit={(code) => {
          if (account && !save.isPending) saveWith(account, code, false)
        }}
        loading={save.isPending}
        error={pinError}
        disabledReason={online ? null : OFFLINE_MONEY_MESSAGE}
      />
    </>
  )
}

/**
 * A new account cools off (decision 143): when it takes payouts (Lagos time), and the way back to the previous one.
 */
function CoolingOff({ accountNumber, usableFrom, canCancel }: { accountNumber: string; usableFrom: string; canCancel: boolean }) {
  const online = useOnline()
  const cancel = useCancelSettlementChange()
  return (
    <>
      <Notice icon="alert-circle">
        Usable for payouts from {lagosMinuteText(usableFrom)}. Until then payouts go to your previous account, if you had one. If you did
        not make this change, cancel it.
      </Notice>
      {canCancel ? (
        <div>
          <Button variant="outline" disabled={!online} loading={cancel.isPending} onClick={() => cancel.mutate(accountNumber)}>
            Cancel change
          </Button>
        </div>
      ) : null}
    </>
  )
}

/**
 * Where payouts go: shown to those who may send money (VENDOR_TRANSFERS, as the server insists), changed by
 * those who also hold VENDOR_SETTINGS, with their PIN (decision 087).
 */
export function SettlementAccountCard({ canEdit: canEditSettings }: { canEdit: boolean }) {
  const canSee = usePermission('VENDOR_TRANSFERS')
  const canEdit = canEditSettings && canSee
  const settlement = useQuery({ ...settlementAccountQuery(), enabled: canSee })
  const [editing, setEditing] = useState(false)
  const current = settlement.data
  return (
    <Card
      title="Settlement account"
      action={
        canEdit && !editing && settlement.isSuccess ? (
          <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
            {current ? 'Change' : 'Add account'}
          </Button>
        ) : null
      }
    >
      {!canSee ? (
        <p className={label}>Only a team member with the transfers permission can see the settlement account.</p>
      ) : editing ? (
        <SettlementForm onDone={() => setEditing(false)} />
      ) : settlement.isSuccess ? (
        current ? (
          <div className={stack({ gap: '3' })}>
            <dl
              className={css({
                display: 'grid',
                gap: '3',
                gridTemplateColumns: { base: '1fr', sm: 'repeat(3, 1fr)' },
              })}
            >
              <div>
                <dt className={label}>Bank name</dt>
                <dd className={value}>{current.bankName}</dd>
              </div>
              <div>
                <dt className={label}>Account number</dt>
                <dd className={value}>{current.accountNumber}</dd>
              </div>
              <div>
                <dt className={label}>Account name</dt>
                <dd className={value}>{current.accountName}</dd>
              </div>
            </dl>
            {current.usableFrom ? (
              <CoolingOff accountNumber={current.accountNumber} usableFrom={current.usableFrom} canCancel={canEdit} />
            ) : null}
          </div>
        ) : (
          <p className={label}>No settlement account yet. Payouts and "Send to my settlement account" need one.</p>
        )
      ) : settlement.isError ? (
        <QueryError query={settlement} title="Could not load the settlement account" description="no" />
      ) : (
        <Skeleton count={2} />
      )}
    </Card>
  )
}
