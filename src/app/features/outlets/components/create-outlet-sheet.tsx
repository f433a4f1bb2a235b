import { useForm } from '@tanstack/react-form'

import { showSubmitError } from '#app/lib/forms'
import { FormSheet } from '#app/ui/form-sheet'
import { PhoneField, TextareaField, TextField } from '#app/ui/text-field'
import { MAX_EMAIL_LENGTH } from '#contract/common'
import { MAX_OUTLET_ADDRESS, MAX_OUTLET_NAME, type Outlet } from '#contract/outlets'

import { EMPTY_OUTLET, OutletFormSchema, toOutletBody } from '../outlet-form'
import { useCreateOutlet } from '../queries'

/** Create Outlet (SPEC §2): a branch with its own wallet and bank account; name and address required. */
export function CreateOutletSheet({ onClose, onCreated }: { onClose: () => void; onCreated: (outlet: Outlet) => void }) {
  const create = useCreateOutlet()
  const form = useForm({
    defaultValues: EMPTY_OUTLET,
    validators: { onChange: OutletFormSchema },
    onSubmit: ({ value, formApi }) =>
      create.mutate(toOutletBody(value), { onSuccess: ({ data }) => onCreated(data), onError: (error) => showSubmitError(formApi, error) }),
  })
  return (
    <FormSheet
      title="Create Outlet"
      description="Each outlet gets its own wallet and bank account number."
      submitLabel="Create Outlet"
      pending={create.isPending}
      form={form}
      onClose={onClose}
    >
      {(submitted) => (
        <>
          <form.Field name="name">
            {(field) => <TextField field={field} submitted={submitted} label="Outlet name" maxLength={MAX_OUTLET_NAME} />}
          </form.Field>
          <form.Field name="email">
            {(field) => (
              <TextField
                field={field}
                submitted={submitted}
                label="Email (optional)"
                type="email"
                inputMode="email"
                autoComplete="off"
                maxLength={MAX_EMAIL_LENGTH}
              />
            )}
          </form.Field>
          <form.Field name="phone">
            {(field) => <PhoneField field={field} submitted={submitted} label="Phone (optional)" autoComplete="off" />}
          </form.Field>
          <form.Field name="address">
            {(field) => <TextareaField field={field} submitted={submitted} label="Address" rows={3} maxLength={MAX_OUTLET_ADDRESS} />}
          </form.Field>
        </>
      )}
    </FormSheet>
  )
}
