import { useForm } from '@tanstack/react-form'

import { showSubmitError, visibleError } from '#app/lib/forms'
import { Field, Input, PercentInput } from '#app/ui/field'
import { FormSheet } from '#app/ui/form-sheet'

import { TaxFormSchema, toTaxBody } from '../forms'
import { useCreateTax } from '../queries'

/** Add Tax (SPEC §2): a name and a percentage charged on orders. */
export function AddTaxSheet({ onClose }: { onClose: () => void }) {
  const create = useCreateTax()
  const form = useForm({
    defaultValues: { name: '', percentage: '' },
    validators: { onChange: TaxFormSchema },
    onSubmit: ({ value, formApi }) =>
      create.mutate(toTaxBody(value), { onSuccess: onClose, onError: (error) => showSubmitError(formApi, error) }),
  })
  return (
    <FormSheet
      title="Add Tax"
      description="Charged on the orders you take, as a percentage of the order."
      submitLabel="Add Tax"
      pending={create.isPending}
      onSubmit={() => void form.handleSubmit()}
      onClose={onClose}
    >
      <form.Subscribe selector={(s) => s.submissionAttempts > 0}>
        {(submitted) => (
          <>
            <form.Field name="name">
              {(field) => (
                <Field label="Name" helper="For example, VAT." error={visibleError(field.state.meta, submitted)}>
                  <Input
                    name={field.name}
                    maxLength={60}
                    value={field.state.value}
                    onBlur={field.handleBlur}
                    onChange={(e) => field.handleChange(e.target.value)}
                  />
                </Field>
              )}
            </form.Field>
            <form.Field name="percentage">
              {(field) => (
                <Field label="Percentage" helper="From 0 to 100, up to 2 decimals (7.5)." error={visibleError(field.state.meta, submitted)}>
                  <PercentInput name={field.name} value={field.state.value} onBlur={field.handleBlur} onChange={field.handleChange} />
                </Field>
              )}
            </form.Field>
          </>
        )}
      </form.Subscribe>
    </FormSheet>
  )
}
