import { useForm } from '@tanstack/react-form'
import { Link, useNavigate } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'
import * as v from 'valibot'

import { errorMessage } from '#app/lib/api'
import { emailField } from '#app/lib/forms'
import { Button } from '#app/ui/button'
import { Form } from '#app/ui/form'
import { Icon } from '#app/ui/icon'
import { TextField } from '#app/ui/text-field'

import { useForgotPassword } from '../queries'

const errorLine = css({ display: 'flex', alignItems: 'flex-start', gap: '1.5', textStyle: 'body.sm', color: 'danger.fg' })

export function ForgotPasswordForm() {
  const forgot = useForgotPassword()
  const navigate = useNavigate()
  const form = useForm({
    defaultValues: { email: '' },
    validators: { onChange: v.object({ email: emailField }) },
    onSubmit: ({ value }) => {
      const email = value.email.trim()
      forgot.mutate({ email }, { onSuccess: () => navigate({ to: '/reset-password', search: { email } }) })
    },
  })
  return (
    <Form form={form} className={stack({ gap: '4' })}>
      {(submitted) => (
        <>
          <form.Field name="email">
            {(field) => (
              <TextField field={field} submitted={submitted} label="Email address" type="email" autoComplete="email" inputMode="email" />
            )}
          </form.Field>
          {forgot.error ? (
            // "We could not send the code, try again." (503 CODE_NOT_SENT), or a wait: the button sends again.
            <p role="alert" className={errorLine}>
              <Icon name="alert-circle" size={16} />
              {errorMessage(forgot.error)}
            </p>
          ) : null}
          <Button type="submit" size="lg" fullWidth loading={forgot.isPending}>
            Send reset code
          </Button>
          <Link to="/" className={css({ color: 'accent.default', fontWeight: 'medium', textAlign: 'center', py: '2' })}>
            Back to log in
          </Link>
        </>
      )}
    </Form>
  )
}
