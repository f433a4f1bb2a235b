import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { errorMessage } from '#app/lib/api'
import { OFFLINE_MONEY_MESSAGE, useOnline } from '#app/lib/online'
import { usePermission } from '#app/lib/permissions'
import { useSession } from '#app/lib/session'
import { Button } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { AmountInput, Field } from '#app/ui/field'
import { Notice } from '#app/ui/notice'
import { PinDialog } from '#app/ui/pin-dialog'
import { QueryError } from '#app/ui/query-error'
import { Skeleton } from '#app/ui/skeleton'
import { lagosMinuteText } from '#contract/lagos-time'
import { parseNairaToKobo } from '#contract/money'
import { formatKobo, koboToNairaInput } from '#contract/naira'

import { sendLimitsQuery, useSetSendLimits } from '../queries'

const label = css({ textStyle: 'body.sm', color: 'fg.muted' })
const value = css({ fontWeight: 'medium' })

/**
 * Send Money's limits (decision 144): seen by whoever may send, changed by the owner with the PIN. A lower limit
 * applies at once; a higher one after the cooling-off period, which the card shows.
 */
export function SendLimitsCard() {
  const canSee = usePermission('VENDOR_TRANSFERS')
  const isOwner = useSession()?.user.role === 'owner'
  const online = useOnline()
  const limits = useQuery({ ...sendLimitsQuery(), enabled: canSee })
  const save = useSetSendLimits()
  const [editing, setEditing] = useState(false)
  const [perTransfer, setPerTransfer] = useState('')
  const [daily, setDaily] = useState('')
  const [formError, setFormError] = useState<string | null>(null)
  const [pinOpen, setPinOpen] = useState(false)
  const [pin, setPin] = useState('')
  const [pinError, setPinError] = useState<string | null>(null)
  const data = limits.data

  function start() {
    if (!data) return
    setPerTransfer(koboToNairaInput(data.pendingRaise?.perTransfer ?? data.perTransfer))
    setDaily(koboToNairaInput(data.pendingRaise?.daily ?? data.daily))
    setFormError(null)
    setEditing(true)
  }

  function submit(code: string) {
    const body = { perTransfer: parseNairaToKobo(perTransfer)!, daily: parseNairaToKobo(daily)!, pin: code }
    setPinError(null)
    save.mutate(body, {
      onSuccess: () => {
        setPinOpen(false)
        setEditing(false)
      },
      onError: (error) => {
        setPinError(errorMessage(error))
        setPin('')
      },
    })
  }

  return (
    <Card
      title="Transfer limits"
      action={
        isOwner && !editing && data ? (
          <Button variant="ghost" size="sm" onClick={start}>
            Change limits
          </Button>
        ) : null
      }
    >
      {!canSee ? (
        <p className={label}>Only a team member with the transfers permission can see the transfer limits.</p>
      ) : editing ? (
        <form
          className={stack({ gap: '4', maxW: '420px' })}
          onSubmit={(event) => {
            event.preventDefault()
            const per = parseNairaToKobo(perTransfer)
            const day = parseNairaToKobo(daily)
            if (!per || !day) return setFormError('Enter both limits in naira.')
            if (per > day) return setFormError('The limit per transfer cannot be more than the daily limit.')
            setFormError(null)
            setPin('')
            setPinError(null)
            setPinOpen(true)
          }}
        >
          <Field label="Limit per transfer">
            <AmountInput value={perTransfer} onChange={setPerTransfer} />
          </Field>
          <Field label="Daily limit" helper="A lower limit applies at once; a higher one after the waiting period.">
            <AmountInput value={daily} onChange={setDaily} />
          </Field>
          {formError ? (
            <Notice icon="alert-circle" role="alert" tone="danger">
              {formError}
            </Notice>
          ) : null}
          {online ? null : <p className={label}>{OFFLINE_MONEY_MESSAGE}</p>}
          <div className={css({ display: 'flex', gap: '3' })}>
            <Button variant="outline" onClick={() => setEditing(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!online}>
              Save limits
            </Button>
          </div>
        </form>
      ) : data ? (
        <div className={stack({ gap: '3' })}>
          <dl className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr 1fr', sm: 'repeat(3, 1fr)' } })}>
            <div>
              <dt className={label}>Per transfer</dt>
              <dd className={value}>{formatKobo(data.perTransfer)}</dd>
            </div>
            <div>
              <dt className={label}>Daily</dt>
              <dd className={value}>{formatKobo(data.daily)}</dd>
            </div>
            <div>
              <dt className={label}>Left today</dt>
              <dd className={value}>{formatKobo(data.leftToday)}</dd>
            </div>
          </dl>
          {data.pendingRaise ? (
            <Notice icon="alert-circle">
              The new limits ({formatKobo(data.pendingRaise.perTransfer)} per transfer, {formatKobo(data.pendingRaise.daily)} daily) apply
              in full from {lagosMinuteText(data.pendingRaise.from)}.
            </Notice>
          ) : null}
        </div>
      ) : limits.isError ? (
        <QueryError query={limits} title="Could not load the transfer limits" description="no" />
      ) : (
        <Skeleton count={2} />
      )}
      <PinDialog
        open={pinOpen}
        onOpenChange={setPinOpen}
        title="Change transfer limits"
        description="Enter your 4-digit PIN to save the new limits."
        pin={pin}
        onPinChange={setPin}
        onSubmit={(code) => {
          if (!save.isPending) submit(code)
        }}
        loading={save.isPending}
        error={pinError}
        disabledReason={online ? null : OFFLINE_MONEY_MESSAGE}
      />
    </Card>
  )
}
