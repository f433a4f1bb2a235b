import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'
import * as v from 'valibot'

import { errorMessage } from '#app/lib/api'
import { ONBOARDING_PATHS } from '#app/lib/onboarding'
import { queryKeys } from '#app/lib/query-keys'
import { useSession } from '#app/lib/session'
import { Button } from '#app/ui/button'
import { Field, PhoneInput } from '#app/ui/field'
import { Icon } from '#app/ui/icon'
import { OtpInput } from '#app/ui/pin-input'
import { CODE_NOT_SENT_MESSAGE } from '#contract/messages'
import type { Onboarding } from '#contract/onboarding'

import { useResendOtp, useVerifyPhone } from '../queries'
import { mobileField } from '../register-form-schema'

const column = stack({ gap: '4' })
const lead = css({ color: 'fg.muted' })
const errorText = css({ display: 'flex', alignItems: 'flex-start', gap: '1.5', textStyle: 'body.sm', color: 'danger.fg' })
const row = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '2' })
const countdown = css({ textStyle: 'body.sm', color: 'fg.muted' })

export const CODE_INCOMPLETE = 'Enter the 6-digit code from the SMS.'

function secondsLeft(until: number, now: number) {
  return Math.max(0, Math.ceil((until - now) / 1000))
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`

/** Counts down to `until` (a timestamp), ticking once a second only while there is something left. */
function useSecondsLeft(until: number) {
  const [now, setNow] = useState(() => Date.now())
  // A new deadline is measured from now, not from the last tick (which may be minutes old).
  const [seenUntil, setSeenUntil] = useState(until)
  if (seenUntil !== until) {
    setSeenUntil(until)
    setNow(Date.now())
  }
  const left = secondsLeft(until, now)
  const running = left > 0
  useEffect(() => {
    if (!running) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [running, until])
  return left
}

function ErrorLine({ children }: { children: string }) {
  return (
    <p role="alert" className={errorText}>
      <Icon name="alert-circle" size={16} />
      {children}
    </p>
  )
}

/** The 6-digit code sent by SMS at registration; a new one can be sent (to a corrected number) after a wait. */
export function VerifyPhoneStep({ onboarding }: { onboarding: Onboarding }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const session = useSession()
  const verify = useVerifyPhone()
  const resend = useResendOtp()
  const [code, setCode] = useState('')
  const [codeError, setCodeError] = useState<string | null>(null)
  const [resendAt, setResendAt] = useState(() => queryClient.getQueryData<number>(queryKeys.onboarding.resendAt()) ?? 0)
  const left = useSecondsLeft(resendAt)
  const [changing, setChanging] = useState(false)
  const [phone, setPhone] = useState(session?.user.phone ?? '')
  const [phoneError, setPhoneError] = useState<string | null>(null)
  const [sentTo, setSentTo] = useState(onboarding.phone)
  // Registration could not send the code (issue 37): said at once, so the owner asks again instead of waiting.
  const [notSent, setNotSent] = useState(() => queryClient.getQueryData<boolean>(queryKeys.onboarding.codeNotSent()) ?? false)

  function submit() {
    if (code.length !== 6) return setCodeError(CODE_INCOMPLETE)
    setCodeError(null)
    verify.mutate(
      { otp: code },
      {
        onSuccess: ({ data }) => void navigate({ to: ONBOARDING_PATHS[data.step] }),
        onError: (error) => setCodeError(errorMessage(error)),
      },
    )
  }

  function sendAgain() {
    const checked = v.safeParse(mobileField, phone)
    if (!checked.success) {
      setChanging(true)
      return setPhoneError(checked.issues[0].message)
    }
    setPhoneError(null)
    resend.mutate(
      { phone },
      {
        onSuccess: ({ data }) => {
          setResendAt(Date.now() + data.resendAfterSeconds * 1000)
          setSentTo(data.phone)
          setNotSent(false)
          setChanging(false)
          setCode('')
          setCodeError(null)
        },
      },
    )
  }

  return (
    <form
      noValidate
      className={column}
      onSubmit={(e) => {
        e.preventDefault()
        if (!verify.isPending) submit()
      }}
    >
      {notSent ? (
        <ErrorLine>{CODE_NOT_SENT_MESSAGE}</ErrorLine>
      ) : (
        <p className={lead}>
          Enter the 6-digit code we sent by SMS to <strong>{sentTo ?? 'your phone'}</strong>.
        </p>
      )}
      <div className={stack({ gap: '1' })}>
        <OtpInput
          label="Verification code"
          value={code}
          autoFocus
          invalid={Boolean(codeError)}
          onChange={(value) => {
            setCode(value)
            if (codeError) setCodeError(null)
          }}
        />
        {codeError ? <ErrorLine>{codeError}</ErrorLine> : null}
      </div>
      <Button type="submit" size="lg" fullWidth loading={verify.isPending}>
        Verify
      </Button>
      {changing ? (
        <Field label="Phone number" required helper="The new code goes to this number." error={phoneError}>
          <PhoneInput name="phone" value={phone} onChange={setPhone} />
        </Field>
      ) : null}
      <div className={row}>
        {left > 0 ? (
          <span className={countdown} role="timer" aria-live="off">
            Resend code in {clock(left)}
          </span>
        ) : (
          <Button variant="outline" loading={resend.isPending} onClick={sendAgain}>
            {changing ? 'Send code to this number' : 'Resend code'}
          </Button>
        )}
        {changing ? null : (
          <Button variant="ghost" onClick={() => setChanging(true)}>
            Change phone number
          </Button>
        )}
      </div>
      {resend.error ? <ErrorLine>{errorMessage(resend.error)}</ErrorLine> : null}
    </form>
  )
}
