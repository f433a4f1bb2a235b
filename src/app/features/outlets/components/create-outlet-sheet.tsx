import { useForm } from '@tanstack/react-form'

import { showSubmitError, visibleError } from '#app/lib/forms'
import { Field, Input, PhoneInput, Textarea } from '#app/ui/field'
import { FormSheet } from '#app/ui/form-sheet'
import type { Outlet } from '#contract/outlets'

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
      onSubmit={() => void form.handleSubmit()}
      onClose={onClose}
    >
      <form.Subscribe selector={(s) => s.submissionAttempts > 0}>
        {(submitted) => (
          <>
            <form.Field name="name">
              {(field) => (
                <Field label="Outlet name" error={visibleError(field.state.meta, submitted)}>
                  <Input
                    name={field.name}
                    maxLength={100}
                    value={field.state.value}
                    onBlur={field.handleBlur}
                    onChange={(e) => field.handleChange(e.target.value)}
                  />
                </Field>
              )}
            </form.Field>
            <form.Field name="email">
              {(field) => (
                <Field label="Email (optional)" error={visibleError(field.state.meta, submitted)}>
                  <Input
                    name={field.name}
                    type="email"
                    inputMode="email"
                    autoComplete="off"
                    maxLength={254}
                    value={field.state.value}
                    onBlur={field.handleBlur}
                    onChange={(e) => field.handleChange(e.target.value)}
                  />
                </Field>
              )}
            </form.Field>
            <form.Field name="phone">
              {(field) => (
                <Field label="Phone (optional)" error={visibleError(field.state.meta, submitted)}>
                  <PhoneInput
                    name={field.name}
                    autoComplete="off"
                    value={field.state.value}
                    onBlur={field.handleBlur}
                    onChange={field.handleChange}
                  />
                </Field>
              )}
            </form.Field>
            <form.Field name="address">
              {(field) => (
                <Field label="Address" error={visibleError(field.state.meta, submitted)}>
                  <Textarea
                    name={field.name}
                    rows={3}
                    maxLength={300}
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
    </FormSheet>
  )
}
