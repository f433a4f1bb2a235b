import { useForm } from '@tanstack/react-form'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import * as v from 'valibot'
import { css } from 'styled-system/css'
import { emailField, passwordField, visibleError } from '../../../lib/forms'
import { Button } from '../../../ui/button'
import { Field, Input } from '../../../ui/field'
import { useLogin } from '../queries'

const LoginSchema = v.object({ email: emailField, password: passwordField })

export function LoginForm() {
  const login = useLogin()
  const navigate = useNavigate()
  const [showPassword, setShowPassword] = useState(false)
  const form = useForm({
    defaultValues: { email: '', password: '' },
    validators: { onChange: LoginSchema },
    onSubmit: ({ value }) =>
      login.mutate({ email: value.email.trim(), password: value.password }, { onSuccess: () => navigate({ to: '/home' }) }),
  })

  return (
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
                    inputMode="email"
                    value={field.state.value}
                    onBlur={field.handleBlur}
                    onChange={(e) => field.handleChange(e.target.value)}
                  />
                </Field>
              )}
            </form.Field>
            <form.Field name="password">
              {(field) => (
                <Field label="Password" error={visibleError(field.state.meta, submitted)}>
                  <Input
                    type={showPassword ? 'text' : 'password'}
                    name={field.name}
                    autoComplete="current-password"
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
      <div className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '2' })}>
        <label className={css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm', color: 'fg.muted', minHeight: '44px' })}>
          <input type="checkbox" checked={showPassword} onChange={(e) => setShowPassword(e.target.checked)} />
          Show password
        </label>
        <Link to="/forgot-password" className={css({ color: 'accent.default', fontWeight: 'medium', fontSize: 'sm', minHeight: '44px', display: 'inline-flex', alignItems: 'center' })}>
          Forgot password?
        </Link>
      </div>
      <Button type="submit" size="lg" fullWidth loading={login.isPending}>
        Log in
      </Button>
    </form>
  )
}
