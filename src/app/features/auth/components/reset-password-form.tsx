import { useForm } from '@tanstack/react-form'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'
import * as v from 'valibot'

import { emailField, newPasswordField, visibleError } from '#app/lib/forms'
import { Button } from '#app/ui/button'
import { InfoDialog } from '#app/ui/dialog'
import { Form } from '#app/ui/form'
import { OtpInput } from '#app/ui/pin-input'
import { TextField } from '#app/ui/text-field'

import { useResetPassword } from '../queries'

const ResetSchema = v.pipe(
  v.object({
    email: emailField,
    otp: v.pipe(v.string(), v.regex(/^\d{6}$/, 'Enter the 6-digit code from the email.')),
    password: newPasswordField,
    confirmPassword: v.string(),
  }),
  v.forward(
    v.partialCheck([['password'], ['confirmPassword']], (i) => i.password === i.confirmPassword, 'Passwords do not match.'),
    ['confirmPassword'],
  ),
)

export function ResetPasswordForm({ email }: { email?: string }) {
  const reset = useResetPassword()
  const navigate = useNavigate()
  const [done, setDone] = useState(false)
  const form = useForm({
    defaultValues: { email: email ?? '', otp: '', password: '', confirmPassword: '' },
    validators: { onChange: ResetSchema },
    onSubmit: ({ value }) =>
      reset.mutate({ email: value.email.trim(), otp: value.otp, password: value.password }, { onSuccess: () => setDone(true) }),
  })

  return (
    <>
      <Form form={form} className={stack({ gap: '4' })}>
        {(submitted) => (
          <>
            <form.Field name="email">
              {(field) => <TextField field={field} submitted={submitted} label="Email address" type="email" autoComplete="username" />}
            </form.Field>
            <form.Field name="otp">
              {(field) => {
                // The code boxes have no blur of their own, so their error waits for a submit.
                const error = visibleError(field.state.meta, submitted)
                return (
                  <div className={stack({ gap: '1' })}>
                    <OtpInput label="Reset code" value={field.state.value} onChange={field.handleChange} invalid={Boolean(error)} />
                    {error && (
                      <p role="alert" className={css({ color: 'danger.default', fontSize: 'sm' })}>
                        {error}
                      </p>
                    )}
                  </div>
                )
              }}
            </form.Field>
            <form.Field name="password">
              {(field) => (
                <TextField
                  field={field}
                  submitted={submitted}
                  label="New password"
                  helper="At least 8 characters."
                  type="password"
                  autoComplete="new-password"
                />
              )}
            </form.Field>
            <form.Field name="confirmPassword">
              {(field) => (
                <TextField field={field} submitted={submitted} label="Confirm new password" type="password" autoComplete="new-password" />
              )}
            </form.Field>
            <Button type="submit" size="lg" fullWidth loading={reset.isPending}>
              Reset password
            </Button>
            <Link to="/forgot-password" className={css({ color: 'accent.default', fontWeight: 'medium', textAlign: 'center', py: '2' })}>
              Didn't get a code? Send another
            </Link>
          </>
        )}
      </Form>
      <InfoDialog
        open={done}
        onOpenChange={(open) => {
          if (!open) void navigate({ to: '/' })
        }}
        tone="success"
        title="Password reset successful"
        description="Your password has been changed. Log in with your new password."
        actionLabel="Go to log in"
        onAction={() => void navigate({ to: '/' })}
      />
    </>
  )
}
