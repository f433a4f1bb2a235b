import { useForm } from '@tanstack/react-form'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'
import * as v from 'valibot'

import { newPasswordField, passwordField } from '#app/lib/forms'
import { Button } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { Form } from '#app/ui/form'
import { TextField } from '#app/ui/text-field'

import { useChangePassword } from '../queries'

const ChangePasswordSchema = v.pipe(
  v.object({ currentPassword: passwordField, newPassword: newPasswordField, confirmPassword: v.string() }),
  v.forward(
    v.partialCheck([['newPassword'], ['confirmPassword']], (i) => i.newPassword === i.confirmPassword, 'Passwords do not match.'),
    ['confirmPassword'],
  ),
)

const FIELDS = [
  { name: 'currentPassword', label: 'Current password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'New password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm new password', autoComplete: 'new-password' },
] as const

export function ChangePasswordForm() {
  const change = useChangePassword()
  const form = useForm({
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validators: { onChange: ChangePasswordSchema },
    onSubmit: ({ value, formApi }) =>
      change.mutate({ currentPassword: value.currentPassword, newPassword: value.newPassword }, { onSuccess: () => formApi.reset() }),
  })
  return (
    <Card title="Change password">
      <p className={css({ color: 'fg.muted', fontSize: 'sm', mb: '4' })}>Changing your password signs you out on every other device.</p>
      <Form form={form} className={stack({ gap: '4', maxWidth: '420px' })}>
        {(submitted) => (
          <>
            {FIELDS.map((f) => (
              <form.Field key={f.name} name={f.name}>
                {(field) => <TextField field={field} submitted={submitted} label={f.label} type="password" autoComplete={f.autoComplete} />}
              </form.Field>
            ))}
            <Button type="submit" loading={change.isPending}>
              Update password
            </Button>
          </>
        )}
      </Form>
    </Card>
  )
}
