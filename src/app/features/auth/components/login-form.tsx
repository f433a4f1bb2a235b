import { useForm } from '@tanstack/react-form'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { Button } from '#app/ui/button'
import { InfoDialog } from '#app/ui/dialog'
import { loadDialogMachine } from '#app/ui/dialog-parts'
import { Form } from '#app/ui/form'
import { TextField } from '#app/ui/text-field'

import { afterSignIn, HELD_DIALOGS, LoginSchema } from '../login-rules'
import { type HeldStep, useLogin } from '../queries'

export function LoginForm() {
  const login = useLogin()
  const navigate = useNavigate()
  const [showPassword, setShowPassword] = useState(false)
  // None until a sign-in is held; the step then stays after the dialog closes, so its words do not vanish during
  // the closing animation.
  const [held, setHeld] = useState<HeldStep | null>(null)
  const [heldOpen, setHeldOpen] = useState(false)
  const form = useForm({
    defaultValues: { email: '', password: '' },
    validators: { onChange: LoginSchema },
    onSubmit: ({ value }) =>
      login.mutate(
        { email: value.email.trim(), password: value.password },
        {
          onSuccess: (result) => {
            const next = afterSignIn(result)
            if ('held' in next) {
              setHeld(next.held)
              return setHeldOpen(true)
            }
            void navigate({ to: next.to })
          },
        },
      ),
  })

  return (
    <>
      <Form
        form={form}
        className={stack({ gap: '4' })}
        // Only an owner whose application is held sees a dialog here: Ark's dialog code loads as a sign-in starts, a
        // head start only (decisions 083 and 124); if it fails, the dialog tries again when it opens.
        onSubmit={() => void loadDialogMachine().catch(() => undefined)}
      >
        {(submitted) => (
          <>
            <form.Field name="email">
              {(field) => (
                <TextField
                  field={field}
                  submitted={submitted}
                  label="Email address"
                  type="email"
                  autoComplete="username"
                  inputMode="email"
                />
              )}
            </form.Field>
            <form.Field name="password">
              {(field) => (
                <TextField
                  field={field}
                  submitted={submitted}
                  label="Password"
                  type={showPassword ? 'text' : 'password'}
                  autoComplete="current-password"
                />
              )}
            </form.Field>
            <div className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '2' })}>
              <label
                className={css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm', color: 'fg.muted', minHeight: '44px' })}
              >
                <input type="checkbox" checked={showPassword} onChange={(e) => setShowPassword(e.target.checked)} />
                Show password
              </label>
              <Link
                to="/forgot-password"
                className={css({
                  color: 'accent.default',
                  fontWeight: 'medium',
                  fontSize: 'sm',
                  minHeight: '44px',
                  display: 'inline-flex',
                  alignItems: 'center',
                })}
              >
                Forgot password?
              </Link>
            </div>
            <Button type="submit" size="lg" fullWidth loading={login.isPending}>
              Log in
            </Button>
            <p className={css({ textAlign: 'center', color: 'fg.muted', textStyle: 'body.sm', py: '2' })}>
              New here?{' '}
              <Link to="/register" className={css({ color: 'accent.default', fontWeight: 'medium' })}>
                Create an account
              </Link>
            </p>
          </>
        )}
      </Form>
      {held && (
        <InfoDialog
          open={heldOpen}
          onOpenChange={setHeldOpen}
          tone={held === 'rejected' ? 'warning' : 'info'}
          title={HELD_DIALOGS[held].title}
          description={HELD_DIALOGS[held].description}
        />
      )}
    </>
  )
}
