import { useForm } from '@tanstack/react-form'
import { useQuery } from '@tanstack/react-query'

import { showSubmitError } from '#app/lib/forms'
import { deliveryLocationListQuery } from '#app/lib/selling-terms-lists'
import { EmptyState } from '#app/ui/empty-state'
import { FormSheet } from '#app/ui/form-sheet'
import { QueryError } from '#app/ui/query-error'
import { Sheet } from '#app/ui/sheet'
import { Skeleton } from '#app/ui/skeleton'
import { AmountField, TextareaField, TextField } from '#app/ui/text-field'
import { type DeliveryLocation, MAX_DELIVERY_LOCATION_DESCRIPTION, MAX_DELIVERY_LOCATION_NAME } from '#contract/selling-terms'

import { DeliveryFormSchema, deliveryFormValues, toDeliveryBody } from '../forms'
import { useCreateDeliveryLocation, useUpdateDeliveryLocation } from '../queries'

/**
 * Create Delivery Location, or Update Delivery Location when given one (SPEC §2). The Active toggle stays in
 * the list: it takes effect at once, without a form.
 */
export function DeliveryLocationSheet({ location, onClose }: { location?: DeliveryLocation; onClose: () => void }) {
  const create = useCreateDeliveryLocation()
  const update = useUpdateDeliveryLocation()
  const title = location ? 'Update Delivery Location' : 'Create Delivery Location'
  const form = useForm({
    defaultValues: deliveryFormValues(location),
    validators: { onChange: DeliveryFormSchema },
    onSubmit: ({ value, formApi }) => {
      const callbacks = { onSuccess: onClose, onError: (error: unknown) => showSubmitError(formApi, error) }
      const body = toDeliveryBody(value)
      if (location) update.mutate({ id: location.id, ...body }, callbacks)
      else create.mutate(body, callbacks)
    },
  })
  return (
    <FormSheet
      title={title}
      description="Customers choose from your active locations and pay its fee with the order."
      submitLabel={location ? 'Save changes' : 'Create location'}
      pending={create.isPending || update.isPending}
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
                helper="For example, Lekki Phase 1."
                maxLength={MAX_DELIVERY_LOCATION_NAME}
              />
            )}
          </form.Field>
          <form.Field name="description">
            {(field) => (
              <TextareaField
                field={field}
                submitted={submitted}
                label="Description (optional)"
                rows={3}
                maxLength={MAX_DELIVERY_LOCATION_DESCRIPTION}
              />
            )}
          </form.Field>
          <form.Field name="fee">
            {(field) => <AmountField field={field} submitted={submitted} label="Fee" helper="Enter 0 for free delivery." />}
          </form.Field>
        </>
      )}
    </FormSheet>
  )
}

/**
 * Update Delivery Location for /settings/delivery-locations/$locationId. There is no single-location call: the
 * location comes from the whole list, which the Delivery tab under the sheet has loaded.
 */
export function UpdateDeliveryLocationSheet({ id, onClose }: { id: string; onClose: () => void }) {
  const list = useQuery(deliveryLocationListQuery())
  const location = list.data?.items.find((l) => l.id === id)
  if (location) return <DeliveryLocationSheet location={location} onClose={onClose} />
  return (
    <Sheet onClose={onClose} title="Update Delivery Location">
      {list.isPending ? (
        <Skeleton count={3} height={40} />
      ) : list.isError ? (
        <QueryError query={list} title="Could not load delivery locations" />
      ) : (
        <EmptyState title="Delivery location not found" description="It may have been removed." />
      )}
    </Sheet>
  )
}
