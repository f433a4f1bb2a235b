import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { errorMessage } from '#app/lib/api'
import { OFFLINE_MONEY_MESSAGE, useOnline } from '#app/lib/online'
import { usePermission } from '#app/lib/permissions'
import { Card } from '#app/ui/card'
import { ChoiceChips } from '#app/ui/choice-chips'
import { PinDialog } from '#app/ui/pin-dialog'
import { QueryError } from '#app/ui/query-error'
import { Skeleton } from '#app/ui/skeleton'
import { Switch } from '#app/ui/switch'
import type { ChargeTierName } from '#contract/charges'
import { formatKobo } from '#contract/naira'

import { thirdPartyTransfersQuery, useSetChargeBearer, useSetThirdPartyTransfers, vendorChargesQuery } from '../queries'
import { SendLimitsCard } from './send-limits-card'
import { SettlementAccountCard } from './settlement-account-card'

const text = css({ textStyle: 'body.sm', color: 'fg.muted' })
/** Turning them on routes money like the settlement account does, so it needs VENDOR_TRANSFERS too (decision 087). */
function ThirdPartyTransfersCard({ canEdit: canEditSettings }: { canEdit: boolean }) {
  // The hook runs on every render: inside `&&` it ran only when canEditSettings, which breaks the rules of hooks.
  const canEdit = usePermission('VENDOR_TRANSFERS') && canEditSettings
  const online = useOnline()
  const setting = useQuery(thirdPartyTransfersQuery())
  const update = useSetThirdPartyTransfers()
  const [target, setTarget] = useState<boolean | null>(null)
  const [pin, setPin] = useState('')
  const [error, setError] = useState<string | null>(null)
  const enabled = setting.data?.isEnabled ?? false

  function submit(code: string) {
    if (target === null) return
    setError(null)
    update.mutate(
      { isEnabled: target, pin: code },
      {
        onSuccess: () => setTarget(null),
        onError: (e) => {
          setError(errorMessage(e))
          setPin('')
        },
      },
    )
  }

  return (
    <Card title="Third-party transfers">
      {setting.data ? (
        <Switch
          label="Allow transfers to other accounts"
          description="When off, money can only be sent to your settlement account."
          checked={enabled}
          disabled={!canEdit || !online}
          onChange={(checked) => {
            setPin('')
            setError(null)
            setTarget(checked)
          }}
        />
      ) : setting.isError ? (
        <QueryError query={setting} title="Could not load this setting" />
      ) : (
        <Skeleton count={2} />
      )}
      {canEditSettings && !canEdit ? <p className={text}>Only a team member with the transfers permission can change this.</p> : null}
      {canEdit && !online ? <p className={text}>{OFFLINE_MONEY_MESSAGE}</p> : null}
      <PinDialog
        open={target !== null}
        onOpenChange={(open) => {
          if (!open) setTarget(null)
        }}
        title={target ? 'Turn on third-party transfers' : 'Turn off third-party transfers'}
        // Turning them on widens where money can go, so the owner hears of it (decision 087).
        description={
          target
            ? 'Enter your 4-digit PIN to confirm this change. The account owner will be told.'
            : 'Enter your 4-digit PIN to confirm this change.'
        }
        pin={pin}
        onPinChange={setPin}
        onSubmit={submit}
        loading={update.isPending}
        error={error}
        disabledReason={online ? null : OFFLINE_MONEY_MESSAGE}
      />
    </Card>
  )
}

const TIER_LABELS: Record<ChargeTierName, string> = {
  BELOW5000: 'Below ₦5,000',
  BELOW50000: '₦5,000 to below ₦50,000',
  ABOVE50000: 'Above ₦50,000',
}

function ChargesCard({ canEdit }: { canEdit: boolean }) {
  const charges = useQuery(vendorChargesQuery())
  const setBearer = useSetChargeBearer()
  const online = useOnline()
  return (
    <Card title="Charges">
      {charges.data ? (
        <div className={stack({ gap: '5' })}>
          <ChoiceChips
            legend="Who pays the charges on payments you collect?"
            choices={[
              { value: 'vendor', label: 'I pay (vendor)' },
              { value: 'customer', label: 'My customer pays' },
            ]}
            value={setBearer.isPending && setBearer.variables ? setBearer.variables : charges.data.chargeBearer}
            onChange={(bearer) => setBearer.mutate(bearer)}
            disabled={!canEdit || !online || setBearer.isPending}
          />
          <dl className={css({ display: 'grid', gap: '2' })}>
            {charges.data.tiers.map((tier) => (
              <div key={tier.name} className={css({ display: 'flex', justifyContent: 'space-between', gap: '3' })}>
                <dt className={text}>{TIER_LABELS[tier.name]}</dt>
                <dd className={css({ fontWeight: 'medium' })}>{formatKobo(tier.amount)}</dd>
              </div>
            ))}
          </dl>
          <p className={text}>Exactly ₦50,000 falls in no tier and carries no charge.</p>
        </div>
      ) : charges.isError ? (
        <QueryError query={charges} title="Could not load the charges" />
      ) : (
        <Skeleton count={3} />
      )}
    </Card>
  )
}

/** Settings → Payout settings: settlement account, third-party transfers, charges. */
export function PayoutSettings({ canEdit }: { canEdit: boolean }) {
  return (
    <div className={stack({ gap: '4' })}>
      {canEdit ? null : <p className={text}>Only a team member with the settings permission can change payout settings.</p>}
      <SettlementAccountCard canEdit={canEdit} />
      <SendLimitsCard />
      <ThirdPartyTransfersCard canEdit={canEdit} />
      <ChargesCard canEdit={canEdit} />
    </div>
  )
}
