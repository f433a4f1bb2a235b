import { useForm } from '@tanstack/react-form'
import { useQuery } from '@tanstack/react-query'

import { showSubmitError } from '#app/lib/forms'
import { taxListQuery } from '#app/lib/selling-terms-lists'
import { EmptyState } from '#app/ui/empty-state'
import { FormSheet } from '#app/ui/form-sheet'
import { QueryError } from '#app/ui/query-error'
import { Sheet } from '#app/ui/sheet'
import { Skeleton } from '#app/ui/skeleton'
import { PercentField, TextField } from '#app/ui/text-field'
import { MAX_TAX_NAME, type Tax } from '#contract/selling-terms'

import { TaxFormSchema, toTaxBody } from '../forms'
import { useCreateTax, useUpdateTax } from '../queries'

/** Add Tax (SPEC §2), or Update Tax when given one: a name and a percentage charged on orders. */
export function TaxSheet({ tax, onClose }: { tax?: Tax; onClose: () => void }) {
  const create = useCreateTax()
  const update = useUpdateTax()
  const title = tax ? 'Update Tax' : 'Add Tax'
  const form = useForm({
    defaultValues: { name: tax?.name ?? '', percentage: tax ? String(tax.percentage) : '' },
    validators: { onChange: TaxFormSchema },
    onSubmit: ({ value, formApi }) => {
      const callbacks = { onSuccess: onClose, onError: (error: unknown) => showSubmitError(formApi, error) }
      if (tax) update.mutate({ id: tax.id, ...toTaxBody(value) }, callbacks)
      else create.mutate(toTaxBody(value), callbacks)
    },
  })
  return (
    <FormSheet
      title={title}
      description={
        tax
          ? 'New orders are charged the new rate. Orders already taken keep the tax they were charged.'
          : 'Charged on the orders you take, as a percentage of the order.'
      }
      submitLabel={tax ? 'Save changes' : 'Add Tax'}
      pending={create.isPending || update.isPending}
      form={form}
      onClose={onClose}
    >
      {(submitted) => (
        <>
          <form.Field name="name">
            {(field) => <TextField field={field} submitted={submitted} label="Name" helper="For example, VAT." maxLength={MAX_TAX_NAME} />}
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

/** Update Tax for /settings/taxes/$taxId; like delivery locations, the tax comes from the list under the sheet. */
export function UpdateTaxSheet({ id, onClose }: { id: string; onClose: () => void }) {
  const list = useQuery(taxListQuery())
  const tax = list.data?.items.find((t) => t.id === id)
  if (tax) return <TaxSheet tax={tax} onClose={onClose} />
  return (
    <Sheet onClose={onClose} title="Update Tax">
      {list.isPending ? (
        <Skeleton count={2} height={40} />
      ) : list.isError ? (
        <QueryError query={list} title="Could not load taxes" />
      ) : (
        <EmptyState title="Tax not found" description="It may have been deleted." />
      )}
    </Sheet>
  )
}
