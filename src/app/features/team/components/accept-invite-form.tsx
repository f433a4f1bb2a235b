import { useForm } from '@tanstack/react-form'
import { useNavigate } from '@tanstack/react-router'
import { stack } from 'styled-system/patterns'
import * as v from 'valibot'

import { ApiError } from '#app/lib/api'
import { emailField, newPasswordField, showSubmitError } from '#app/lib/forms'
import { useOnline } from '#app/lib/online'
import { Button } from '#app/ui/button'
import { Form } from '#app/ui/form'
import { Notice } from '#app/ui/notice'
import { TextField } from '#app/ui/text-field'
import type { InviteDetails } from '#contract/team'

import { useAcceptInvite } from '../queries'

export const PASSWORDS_DIFFER = 'Passwords do not match.'
export const OFFLINE_JOIN_REASON = 'You are offline. You can join once you reconnect.'

/** Password twice; sign-in is by email, so an invitation sent by phone only asks for one here. */
function acceptSchema(askEmail: boolean) {
  return v.pipe(
    v.object({ email: askEmail ? emailField : v.string(), password: newPasswordField, confirmPassword: v.string() }),
    v.forward(
      v.partialCheck([['password'], ['confirmPassword']], (i) => i.password === i.confirmPassword, PASSWORDS_DIFFER),
      ['confirmPassword'],
    ),
  )
}

const form = stack({ gap: '4' })

export interface AcceptInviteFormProps {
  code: string
  details: InviteDetails
  /** The invitation turned out to be gone (used, expired or replaced meanwhile): the page shows why. */
  onGone: () => void
}

/** Set a password (and an email when the invitation has none), join, and land on Home signed in as the member. */
export function AcceptInviteForm({ code, details, onGone }: AcceptInviteFormProps) {
  const accept = useAcceptInvite()
  const navigate = useNavigate()
  const online = useOnline()
  const askEmail = details.email === null
  const f = useForm({
    defaultValues: { email: '', password: '', confirmPassword: '' },
    validators: { onChange: acceptSchema(askEmail) },
    onSubmit: ({ value, formApi }) => {
      if (!online) return
      const body = { inviteCode: code, password: value.password, email: askEmail ? value.email.trim() : undefined }
      accept.mutate(body, {
        onSuccess: () => void navigate({ to: '/home' }),
        onError: (error) => {
          if (error instanceof ApiError && (error.status === 410 || error.status === 404)) onGone()
          else showSubmitError(formApi, error)
        },
      })
    },
  })

  return (
    <Form form={f} pending={accept.isPending} className={form}>
      {(submitted) => (
        <>
          {askEmail ? (
            <f.Field name="email">
              {(field) => (
                <TextField
                  field={field}
                  submitted={submitted}
                  label="Email address"
                  required
                  helper="You sign in with it."
                  type="email"
                  inputMode="email"
                  autoComplete="username"
                />
              )}
            </f.Field>
          ) : null}
          <f.Field name="password">
            {(field) => (
              <TextField
                field={field}
                submitted={submitted}
                label="Password"
                required
                helper="At least 8 characters."
                type="password"
                autoComplete="new-password"
              />
            )}
          </f.Field>
          <f.Field name="confirmPassword">
            {(field) => (
              <TextField
                field={field}
                submitted={submitted}
                label="Confirm password"
                required
                type="password"
                autoComplete="new-password"
              />
            )}
          </f.Field>
          {online ? null : <Notice icon="wifi-off">{OFFLINE_JOIN_REASON}</Notice>}
          <Button type="submit" size="lg" fullWidth loading={accept.isPending} disabled={!online}>
            Join {details.vendorName}
          </Button>
        </>
      )}
    </Form>
  )
}
