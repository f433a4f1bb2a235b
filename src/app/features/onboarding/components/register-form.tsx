import { useForm } from '@tanstack/react-form'
import { Link, useNavigate } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { showSubmitError } from '#app/lib/forms'
import { ONBOARDING_PATHS } from '#app/lib/onboarding'
import { Button } from '#app/ui/button'
import { Form } from '#app/ui/form'
import { PhoneField, TextField } from '#app/ui/text-field'

import { useRegister } from '../queries'
import { EMPTY_REGISTRATION, RegisterSchema } from '../register-form-schema'

const formStyle = stack({ gap: '4' })
const footer = css({ textAlign: 'center', color: 'fg.muted', textStyle: 'body.sm', py: '2' })
const link = css({ color: 'accent.default', fontWeight: 'medium' })

type TextName = 'businessName' | 'ownerName' | 'email' | 'password' | 'confirmPassword'

const TEXT_FIELDS: { name: TextName; label: string; type: string; autoComplete: string; helper?: string; inputMode?: 'email' }[] = [
  { name: 'businessName', label: 'Business name', type: 'text', autoComplete: 'organization' },
  { name: 'ownerName', label: 'Your full name', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'Email address', type: 'email', autoComplete: 'email', inputMode: 'email', helper: 'You log in with it.' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password', helper: 'At least 8 characters.' },
  { name: 'confirmPassword', label: 'Confirm password', type: 'password', autoComplete: 'new-password' },
]

/** Open a vendor account; the owner is signed in at once and goes on to verify the phone (docs/decisions/056). */
export function RegisterForm() {
  const register = useRegister()
  const navigate = useNavigate()
  const form = useForm({
    defaultValues: EMPTY_REGISTRATION,
    validators: { onChange: RegisterSchema },
    onSubmit: ({ value, formApi }) => {
      const body = {
        businessName: value.businessName.trim(),
        ownerName: value.ownerName.trim(),
        email: value.email.trim(),
        phone: value.phone,
        password: value.password,
      }
      register.mutate(body, {
        onSuccess: ({ data }) => void navigate({ to: ONBOARDING_PATHS[data.onboarding.step] }),
        onError: (error) => showSubmitError(formApi, error),
      })
    },
  })

  const textField = (spec: (typeof TEXT_FIELDS)[number], submitted: boolean) => (
    <form.Field key={spec.name} name={spec.name}>
      {(field) => (
        <TextField
          field={field}
          submitted={submitted}
          label={spec.label}
          required
          helper={spec.helper}
          type={spec.type}
          autoComplete={spec.autoComplete}
          inputMode={spec.inputMode}
        />
      )}
    </form.Field>
  )

  return (
    <Form form={form} pending={register.isPending} className={formStyle}>
      {(submitted) => (
        <>
          {TEXT_FIELDS.slice(0, 3).map((spec) => textField(spec, submitted))}
          <form.Field name="phone">
            {(field) => (
              <PhoneField field={field} submitted={submitted} label="Phone number" required helper="We send a 6-digit code to it." />
            )}
          </form.Field>
          {TEXT_FIELDS.slice(3).map((spec) => textField(spec, submitted))}
          <Button type="submit" size="lg" fullWidth loading={register.isPending}>
            Create account
          </Button>
          <p className={footer}>
            Already have an account?{' '}
            <Link to="/" className={link}>
              Log in
            </Link>
          </p>
        </>
      )}
    </Form>
  )
}
