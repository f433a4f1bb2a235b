import { type FormEvent, useState } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { errorMessage } from '#app/lib/api'
import { OFFLINE_MONEY_MESSAGE, useOnline } from '#app/lib/online'
import { Button } from '#app/ui/button'
import { Field, Input } from '#app/ui/field'
import { Icon } from '#app/ui/icon'
import { OtpInput, PinInput } from '#app/ui/pin-input'
import { Sheet } from '#app/ui/sheet'
import { FALLBACK_MESSAGE } from '#contract/messages'

import { SESSION_KEY_HEADER, useInitiatePinChange, useResetPin, useVerifyPinOtp } from '../queries'

export const PIN_MISMATCH = 'PINs do not match.'

const form = stack({ gap: '5', alignItems: 'stretch' })
const text = css({ color: 'fg.muted', textStyle: 'body.sm' })
const errorLine = css({ display: 'flex', alignItems: 'center', gap: '1.5', color: 'danger.fg', textStyle: 'body.sm', fontWeight: 'medium' })

function ErrorLine({ message }: { message: string | null }) {
  if (!message) return null
  return (
    <p role="alert" className={errorLine}>
      <Icon name="alert-circle" size={16} />
      {message}
    </p>
  )
}

const STEP_TEXT = {
  change: ['Enter your current PIN', 'Verify the code we sent you', 'Set a new PIN'],
  forgot: ['Enter your account password', 'Verify the code we sent you', 'Set a new PIN'],
} as const

/**
 * 'Change Your Pin' in three steps (SPEC §4): the current PIN (or, for a forgotten or locked PIN, the
 * password) sends an OTP; the OTP answers a session key; the new PIN is sent with that key. The key and the
 * credential live in this component's state only, never in storage, and are gone when the sheet closes.
 */
export function ChangePinSheet({ mode, onClose }: { mode: 'change' | 'forgot'; onClose: () => void }) {
  const online = useOnline()
  const [step, setStep] = useState<1 | 2 | 3>(1)
  const [currentPin, setCurrentPin] = useState('')
  const [password, setPassword] = useState('')
  const [otp, setOtp] = useState('')
  const [sentTo, setSentTo] = useState('')
  const [expiresIn, setExpiresIn] = useState(10)
  const [sessionKey, setSessionKey] = useState<string | null>(null)
  const [newPin, setNewPin] = useState('')
  const [confirmPin, setConfirmPin] = useState('')
  const [error, setError] = useState<string | null>(null)
  const initiate = useInitiatePinChange()
  const verify = useVerifyPinOtp()
  const reset = useResetPin()

  const credential = mode === 'change' ? { pin: currentPin } : { password }
  const canStart = mode === 'change' ? currentPin.length === 4 : password.length > 0

  function sendCode() {
    setError(null)
    initiate.mutate(credential, {
      onSuccess: ({ data }) => {
        setSentTo(data.sentTo)
        setExpiresIn(data.expiresInMinutes)
        setOtp('')
        setStep(2)
      },
      onError: (e) => {
        setError(errorMessage(e))
        setCurrentPin('')
      },
    })
  }

  function verifyCode(code: string) {
    setError(null)
    verify.mutate(code, {
      onSuccess: ({ headers }) => {
        const key = headers.get(SESSION_KEY_HEADER)
        if (!key) return setError(FALLBACK_MESSAGE)
        setSessionKey(key)
        setStep(3)
      },
      onError: (e) => {
        setError(errorMessage(e))
        setOtp('')
      },
    })
  }

  function saveNewPin(event: FormEvent) {
    event.preventDefault()
    setError(null)
    if (newPin.length !== 4) return setError('Enter a 4-digit PIN.')
    if (newPin !== confirmPin) return setError(PIN_MISMATCH)
    if (!sessionKey) return setStep(2)
    reset.mutate({ pin: newPin, sessionKey }, { onSuccess: onClose, onError: (e) => setError(errorMessage(e)) })
  }

  return (
    <Sheet onClose={onClose} title="Change Your Pin" description={`Step ${step} of 3 · ${STEP_TEXT[mode][step - 1]}`}>
      {online ? null : <p className={text}>{OFFLINE_MONEY_MESSAGE}</p>}
      {step === 1 ? (
        <form
          className={form}
          onSubmit={(event) => {
            event.preventDefault()
            if (canStart) sendCode()
          }}
        >
          {mode === 'change' ? (
            <PinInput label="Current PIN" value={currentPin} onChange={setCurrentPin} invalid={Boolean(error)} autoFocus />
          ) : (
            <Field label="Account password">
              <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
            </Field>
          )}
          <p className={text}>We will send a 6-digit code to your phone to confirm it is you.</p>
          <ErrorLine message={error} />
          <Button type="submit" size="lg" loading={initiate.isPending} disabled={!canStart || !online}>
            Continue
          </Button>
        </form>
      ) : step === 2 ? (
        <form
          className={form}
          onSubmit={(event) => {
            event.preventDefault()
            if (otp.length === 6) verifyCode(otp)
          }}
        >
          <p className={text}>
            Enter the 6-digit code sent to {sentTo}. It expires in {expiresIn} minutes.
          </p>
          <OtpInput label="Verification code" value={otp} onChange={setOtp} onComplete={verifyCode} invalid={Boolean(error)} autoFocus />
          <ErrorLine message={error} />
          <Button type="submit" size="lg" loading={verify.isPending} disabled={otp.length !== 6 || !online}>
            Verify code
          </Button>
          <Button variant="ghost" loading={initiate.isPending} disabled={!online} onClick={sendCode}>
            Resend code
          </Button>
        </form>
      ) : (
        <form className={form} onSubmit={saveNewPin}>
          <PinInput label="New PIN" value={newPin} onChange={setNewPin} autoFocus />
          <PinInput label="Confirm new PIN" value={confirmPin} onChange={setConfirmPin} invalid={error === PIN_MISMATCH} />
          <ErrorLine message={error} />
          <Button type="submit" size="lg" loading={reset.isPending} disabled={newPin.length !== 4 || confirmPin.length !== 4 || !online}>
            Change PIN
          </Button>
        </form>
      )}
    </Sheet>
  )
}
