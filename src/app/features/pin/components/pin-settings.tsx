import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { stack } from 'styled-system/patterns'
import { button } from 'styled-system/recipes'

import { errorMessage } from '#app/lib/api'
import { serverFieldErrors } from '#app/lib/forms'
import { OFFLINE_MONEY_MESSAGE, useOnline } from '#app/lib/online'
import { Button } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { Field, Input } from '#app/ui/field'
import { Icon } from '#app/ui/icon'
import { PinInput } from '#app/ui/pin-input'
import { QueryError } from '#app/ui/query-error'
import { Skeleton } from '#app/ui/skeleton'

import { pinStatusQuery, useCreatePin } from '../queries'
import { PIN_MISMATCH } from './change-pin-sheet'

const text = css({ color: 'fg.muted', textStyle: 'body.sm' })
const warning = css({
  display: 'flex',
  gap: '2',
  p: '3',
  borderRadius: 'control',
  bg: 'warning.subtle',
  color: 'warning.fg',
  textStyle: 'body.sm',
})
const linkButton = (variant: 'solid' | 'outline' | 'ghost') => cx(button({ variant }), css({ textDecoration: 'none' }))

/** The first PIN: typed twice, with the account password, so a session left open on a shared tablet cannot set it. */
function CreatePinForm() {
  const online = useOnline()
  const create = useCreatePin()
  const [pin, setPin] = useState('')
  const [confirm, setConfirm] = useState('')
  const [password, setPassword] = useState('')
  const [passwordError, setPasswordError] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)

  function submit(event: FormEvent) {
    event.preventDefault()
    if (pin !== confirm) return setError(PIN_MISMATCH)
    setError(null)
    setPasswordError(null)
    create.mutate(
      { pin, password },
      {
        onError: (failure) => {
          const byField = serverFieldErrors(failure, ['password'])?.password
          if (byField) setPasswordError(byField)
          else setError(errorMessage(failure))
        },
      },
    )
  }

  return (
    <form onSubmit={submit} className={stack({ gap: '5', alignItems: 'flex-start', maxW: '420px' })}>
      <p className={text}>You have not set a transaction PIN yet. Create one to send money and change payout settings.</p>
      <PinInput label="New PIN" value={pin} onChange={setPin} />
      <PinInput label="Confirm PIN" value={confirm} onChange={setConfirm} invalid={error === PIN_MISMATCH} />
      <Field label="Account password" error={passwordError}>
        <Input
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value)
            setPasswordError(null)
          }}
        />
      </Field>
      {error ? (
        <p role="alert" className={css({ color: 'danger.fg', textStyle: 'body.sm', fontWeight: 'medium' })}>
          {error}
        </p>
      ) : null}
      {online ? null : <p className={text}>{OFFLINE_MONEY_MESSAGE}</p>}
      <Button
        type="submit"
        loading={create.isPending}
        disabled={pin.length !== 4 || confirm.length !== 4 || password.length === 0 || !online}
      >
        Create PIN
      </Button>
    </form>
  )
}

/** The Security tab: create the transaction PIN, or change it, or reset a forgotten one with the password. */
export function PinSettings() {
  const status = useQuery(pinStatusQuery())
  return (
    <Card title="Transaction PIN">
      {status.data ? (
        status.data.hasPin ? (
          <div className={stack({ gap: '4' })}>
            <p className={text}>Your 4-digit PIN authorises transfers and changes to your payout settings. Never share it.</p>
            {status.data.locked ? (
              <p role="status" className={warning}>
                <Icon name="lock" size={18} />
                Your PIN is locked after too many wrong tries. Reset it with your password to use it again.
              </p>
            ) : null}
            <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3' })}>
              {status.data.locked ? null : (
                <Link to="/settings/change-pin" search={{ tab: 'security' }} className={linkButton('solid')}>
                  Change PIN
                </Link>
              )}
              <Link
                to="/settings/change-pin"
                search={{ tab: 'security', forgot: true }}
                className={linkButton(status.data.locked ? 'solid' : 'ghost')}
              >
                Forgot PIN?
              </Link>
            </div>
          </div>
        ) : (
          <CreatePinForm />
        )
      ) : status.isError ? (
        <QueryError query={status} title="Could not load your PIN status" description="no" />
      ) : (
        <Skeleton count={3} />
      )}
    </Card>
  )
}
