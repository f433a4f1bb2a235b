import { useForm } from '@tanstack/react-form'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { errorMessage } from '#app/lib/api'
import { showSubmitError } from '#app/lib/forms'
import { useOnline } from '#app/lib/online'
import { isPinRefusal } from '#app/lib/use-pin-step'
import { FormSheet } from '#app/ui/form-sheet'
import { PinDialog } from '#app/ui/pin-dialog'
import { TextareaField, TextField } from '#app/ui/text-field'
import type { apiKeyEndpoints } from '#contract/api-keys'
import { type ApiKey, MAX_API_KEY_NAME } from '#contract/api-keys'
import type { BodyInput } from '#contract/endpoint'

import { EMPTY_KEY_FORM, keyBody, KeyFormSchema } from '../key-form'
import { useCreateApiKey } from '../queries'

const fieldset = stack({ gap: '1', border: 'none', p: '0', m: '0', minW: '0' })
const legend = css({ textStyle: 'label', color: 'fg.default', mb: '1', p: '0' })
const row = css({ display: 'flex', alignItems: 'flex-start', gap: '3', py: '2', cursor: 'pointer' })
const box = css({ w: '5', h: '5', mt: '0.5', flexShrink: 0, accentColor: 'accent.default', cursor: 'pointer' })
const helper = css({ display: 'block', textStyle: 'body.sm', color: 'fg.muted' })

export interface CreateKeySheetProps {
  /** Only the owner may give a key the Send money scope, with their PIN (decision 168). */
  isOwner: boolean
  onClose: () => void
  /** The new key and its secret, which the page shows once. */
  onCreated: (created: { key: ApiKey; secret: string }) => void
}

/** Create API key: a name, what it may do beyond reading, and the addresses it may be used from. */
export function CreateKeySheet({ isOwner, onClose, onCreated }: CreateKeySheetProps) {
  const online = useOnline()
  const create = useCreateApiKey()
  // The body waiting for the owner's PIN when Send money is ticked.
  const [awaitingPin, setAwaitingPin] = useState<BodyInput<typeof apiKeyEndpoints.createApiKey> | null>(null)
  const [pin, setPin] = useState('')
  const [pinError, setPinError] = useState<string | null>(null)
  // Made after the PIN: handed over once the PIN dialog has finished closing, or Ark dismisses the sheet shown next.
  const [created, setCreated] = useState<{ key: ApiKey; secret: string } | null>(null)

  const form = useForm({
    defaultValues: EMPTY_KEY_FORM,
    validators: { onChange: KeyFormSchema },
    onSubmit: ({ value }) => {
      const body = keyBody(value)
      if (value.transfers) {
        setPin('')
        setPinError(null)
        setAwaitingPin(body)
      } else send(body)
    },
  })

  function send(body: BodyInput<typeof apiKeyEndpoints.createApiKey>) {
    create.mutate(body, {
      onSuccess: ({ data }) => {
        if (body.pin === undefined) return onCreated(data)
        setCreated(data)
        setAwaitingPin(null)
      },
      onError: (error) => {
        if (isPinRefusal(error)) {
          setPinError(errorMessage(error))
          setPin('')
          return
        }
        setAwaitingPin(null)
        showSubmitError(form, error)
      },
    })
  }

  return (
    <>
      <FormSheet
        title="Create API key"
        description="Your systems use the key to read your sales and payments. It can do nothing you cannot do yourself."
        submitLabel="Create key"
        pending={create.isPending}
        disabled={!online}
        form={form}
        onClose={onClose}
      >
        {(submitted) => (
          <>
            <form.Field name="name">
              {(field) => (
                <TextField
                  field={field}
                  submitted={submitted}
                  label="Name"
                  helper="Where it is used, for example Shop website."
                  maxLength={MAX_API_KEY_NAME}
                />
              )}
            </form.Field>
            <fieldset className={fieldset}>
              <legend className={legend}>What it can do</legend>
              <span className={helper}>Every key can read. Tick what else it may do.</span>
              <form.Field name="orders">
                {(field) => (
                  <label className={row}>
                    <input
                      type="checkbox"
                      className={box}
                      checked={field.state.value}
                      onChange={(e) => field.handleChange(e.target.checked)}
                    />
                    <span>
                      Create and update orders
                      <span className={helper}>Orders, invoices and disputes.</span>
                    </span>
                  </label>
                )}
              </form.Field>
              {isOwner ? (
                <form.Field name="transfers">
                  {(field) => (
                    <label className={row}>
                      <input
                        type="checkbox"
                        className={box}
                        checked={field.state.value}
                        onChange={(e) => field.handleChange(e.target.checked)}
                      />
                      <span>
                        Send money
                        <span className={helper}>Asks for your PIN now. Each send by the key also needs your PIN.</span>
                      </span>
                    </label>
                  )}
                </form.Field>
              ) : null}
            </fieldset>
            <form.Field name="allowedIps">
              {(field) => (
                <TextareaField
                  field={field}
                  submitted={submitted}
                  label="Allowed IP addresses (optional)"
                  helper="One per line. Leave empty to allow any address."
                  rows={3}
                  autoCapitalize="none"
                  spellCheck={false}
                />
              )}
            </form.Field>
            <form.Field name="password">
              {(field) => (
                <TextField
                  field={field}
                  submitted={submitted}
                  label="Your password"
                  helper="A key keeps working after you sign out, so we ask for your password."
                  type="password"
                  autoComplete="current-password"
                />
              )}
            </form.Field>
          </>
        )}
      </FormSheet>
      <PinDialog
        open={awaitingPin !== null}
        onOpenChange={(open) => !open && setAwaitingPin(null)}
        title="Enter your transaction PIN"
        description="Your PIN lets this key send money from your wallet."
        pin={pin}
        // The error stays until the next answer: the boxes are keyed by it, so clearing it on a keystroke would remount them.
        onPinChange={setPin}
        onSubmit={(typed) => awaitingPin && send({ ...awaitingPin, pin: typed })}
        loading={create.isPending}
        error={pinError}
        submitLabel="Create key"
        onExitComplete={() => created && onCreated(created)}
      />
    </>
  )
}
