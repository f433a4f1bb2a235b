import { useForm, useStore } from '@tanstack/react-form'

import { showSubmitError, visibleError } from '#app/lib/forms'
import { useOnline } from '#app/lib/online'
import { useSession } from '#app/lib/session'
import { FormSheet } from '#app/ui/form-sheet'
import { Notice } from '#app/ui/notice'
import { PhoneField, TextField } from '#app/ui/text-field'
import { MAX_EMAIL_LENGTH } from '#contract/common'
import { PERMISSIONS } from '#contract/permissions'
import { MAX_MEMBER_NAME } from '#contract/team'

import { canSendInvite, EMPTY_INVITE, InviteSchema, toInviteBody } from '../invite-form'
import { useInviteMember } from '../queries'
import { PermissionChecklist } from './permission-checklist'

/**
 * Leaving a field checks it even when it was not typed in: with submit disabled until the form is valid, a field
 * left empty must say so itself. The check runs the form's onChange rules, so the message goes at the next keystroke.
 */
function leave(field: { handleBlur: () => void; validate: (cause: 'change') => unknown }) {
  field.handleBlur()
  field.validate('change')
}

export const OFFLINE_TEAM_REASON = 'You are offline. Invitations and member changes can be made once you reconnect.'

/**
 * Invite Team Member (SPEC §2, §5): name, phone, optional email and the permissions to grant, which are only those
 * the inviter holds (the server refuses the rest, decision 043). Submit stays disabled until the form is valid, so
 * each field says what is wrong as soon as it is left. The sheet is a route: closing it unmounts the form, so the
 * next one opens empty (docs/decisions/050).
 */
export function InviteMemberSheet({ onClose }: { onClose: () => void }) {
  const session = useSession()
  const held = session?.user.permissions ?? []
  const offered = PERMISSIONS.filter((p) => held.includes(p))
  const online = useOnline()
  const invite = useInviteMember()
  const form = useForm({
    defaultValues: EMPTY_INVITE,
    validators: { onChange: InviteSchema },
    onSubmit: ({ value, formApi }) => {
      if (!online) return
      invite.mutate(toInviteBody(value), { onSuccess: onClose, onError: (error) => showSubmitError(formApi, error) })
    },
  })
  const ready = useStore(form.store, (s) => canSendInvite(s.values))

  return (
    <FormSheet
      title="Invite Team Member"
      description="They get a link by SMS (and by email when you give one) to set a password and join."
      submitLabel="Send invite"
      pending={invite.isPending}
      disabled={!online || !ready}
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
                required
                onBlur={() => leave(field)}
                maxLength={MAX_MEMBER_NAME}
                autoComplete="off"
              />
            )}
          </form.Field>
          <form.Field name="phone">
            {(field) => (
              <PhoneField
                field={field}
                submitted={submitted}
                label="Phone number"
                required
                helper="Digits only, up to 11 (08031234567)."
                onBlur={() => leave(field)}
                autoComplete="off"
              />
            )}
          </form.Field>
          <form.Field name="email">
            {(field) => (
              <TextField
                field={field}
                submitted={submitted}
                label="Email (optional)"
                helper="Without one, they choose the email they sign in with when they join."
                onBlur={() => leave(field)}
                type="email"
                inputMode="email"
                maxLength={MAX_EMAIL_LENGTH}
                autoComplete="off"
              />
            )}
          </form.Field>
          <form.Field name="permissions">
            {(field) => (
              // Boxes have no blur worth waiting for: the rule shows once a box has been touched.
              <PermissionChecklist
                offered={offered}
                value={field.state.value}
                onChange={field.handleChange}
                error={visibleError({ ...field.state.meta, isBlurred: field.state.meta.isTouched }, submitted)}
              />
            )}
          </form.Field>
          {online ? null : <Notice icon="wifi-off">{OFFLINE_TEAM_REASON}</Notice>}
        </>
      )}
    </FormSheet>
  )
}
