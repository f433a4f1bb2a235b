import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { errorStatus } from '../../../lib/api'
import { OFFLINE_MONEY_MESSAGE, useOnline } from '../../../lib/online'
import { Button } from '../../../ui/button'
import { Card } from '../../../ui/card'
import { EmptyState } from '../../../ui/empty-state'
import { Skeleton } from '../../../ui/skeleton'
import { settlementAccountQuery, useSetSettlementAccount } from '../queries'
import { useAccountResolution } from '../use-account-resolution'
import { AccountFields } from './account-fields'

const label = css({ textStyle: 'body.sm', color: 'fg.muted' })
const value = css({ fontWeight: 'medium' })

function SettlementForm({ onDone }: { onDone: () => void }) {
  const online = useOnline()
  const [bankCode, setBankCode] = useState<string | undefined>()
  const [accountNumber, setAccountNumber] = useState('')
  const { resolution, account, retry } = useAccountResolution(bankCode, accountNumber)
  const save = useSetSettlementAccount()
  return (
    <form
      className={css({ display: 'flex', flexDirection: 'column', gap: '4', maxW: '420px' })}
      onSubmit={(event) => {
        event.preventDefault()
        // The server saves the account its name enquiry found, by requestId, not whatever digits were typed.
        if (account) save.mutate(account.requestId, { onSuccess: onDone })
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
        <Button type="submit" loading={save.isPending} disabled={!account || !online}>
          Save account
        </Button>
      </div>
    </form>
  )
}

/** Where payouts go: shown to all, changed only with VENDOR_SETTINGS. */
export function SettlementAccountCard({ canEdit }: { canEdit: boolean }) {
  const settlement = useQuery(settlementAccountQuery())
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
      {editing ? (
        <SettlementForm onDone={() => setEditing(false)} />
      ) : settlement.isSuccess ? (
        current ? (
          <dl className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', sm: 'repeat(3, 1fr)' } })}>
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
        ) : (
          <p className={label}>No settlement account yet. Payouts and "Send to my settlement account" need one.</p>
        )
      ) : settlement.isError ? (
        <EmptyState title="Could not load the settlement account" onRefetch={() => void settlement.refetch()} errorStatus={errorStatus(settlement.error)} refetching={settlement.isFetching} />
      ) : (
        <Skeleton count={2} />
      )}
    </Card>
  )
}
