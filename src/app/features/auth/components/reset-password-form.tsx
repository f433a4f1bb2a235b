import { useForm } from '@tanstack/react-form'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import * as v from 'valibot'
import { css } from 'styled-system/css'
import { emailField, newPasswordField, visibleError } from '../../../lib/forms'
import { Button } from '../../../ui/button'
import { InfoDialog } from '../../../ui/dialog'
import { Field, Input } from '../../../ui/field'
import { OtpInput } from '../../../ui/pin-input'
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
      <form
        noValidate
        className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
        onSubmit={(e) => {
          e.preventDefault()
          void form.handleSubmit()
        }}
      >
        <form.Subscribe selector={(s) => s.submissionAttempts > 0}>
          {(submitted) => (
            <>
              <form.Field name="email">
                {(field) => (
                  <Field label="Email address" error={visibleError(field.state.meta, submitted)}>
                    <Input
                      type="email"
                      name={field.name}
                      autoComplete="username"
                      value={field.state.value}
                      onBlur={field.handleBlur}
                      onChange={(e) => field.handleChange(e.target.value)}
                    />
                  </Field>
                )}
              </form.Field>
              <form.Field name="otp">
                {(field) => {
                  // The code boxes have no blur of their own, so their error waits for a submit.
                  const error = visibleError(field.state.meta, submitted)
                  return (
                    <div className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
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
                  <Field label="New password" helper="At least 8 characters." error={visibleError(field.state.meta, submitted)}>
                    <Input
                      type="password"
                      name={field.name}
                      autoComplete="new-password"
                      value={field.state.value}
                      onBlur={field.handleBlur}
                      onChange={(e) => field.handleChange(e.target.value)}
                    />
                  </Field>
                )}
              </form.Field>
              <form.Field name="confirmPassword">
                {(field) => (
                  <Field label="Confirm new password" error={visibleError(field.state.meta, submitted)}>
                    <Input
                      type="password"
                      name={field.name}
                      autoComplete="new-password"
                      value={field.state.value}
                      onBlur={field.handleBlur}
                      onChange={(e) => field.handleChange(e.target.value)}
                    />
                  </Field>
                )}
              </form.Field>
            </>
          )}
        </form.Subscribe>
        <Button type="submit" size="lg" fullWidth loading={reset.isPending}>
          Reset password
        </Button>
        <Link to="/forgot-password" className={css({ color: 'accent.default', fontWeight: 'medium', textAlign: 'center', py: '2' })}>
          Didn't get a code? Send another
        </Link>
      </form>
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
