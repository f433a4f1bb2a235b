import { useForm } from '@tanstack/react-form'

import { showSubmitError } from '#app/lib/forms'
import { FormSheet } from '#app/ui/form-sheet'
import { PercentField, TextField } from '#app/ui/text-field'

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
      form={form}
      onClose={onClose}
    >
      {(submitted) => (
        <>
          <form.Field name="name">
            {(field) => <TextField field={field} submitted={submitted} label="Name" helper="For example, VAT." maxLength={60} />}
          </form.Field>
          <form.Field name="percentage">
            {(field) => (
              <PercentField field={field} submitted={submitted} label="Percentage" helper="From 0 to 100, up to 2 decimals (7.5)." />
            )}
          </form.Field>
        </>
      )}
    </FormSheet>
  )
}
