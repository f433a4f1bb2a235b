import { useForm } from '@tanstack/react-form'
import * as v from 'valibot'

import { showSubmitError, visibleError } from '#app/lib/forms'
import { Field, Input, Textarea } from '#app/ui/field'
import { FormSheet } from '#app/ui/form-sheet'
import type { Collection } from '#contract/catalogue'

import { useCreateCollection, useUpdateCollection } from '../queries'

const CollectionSchema = v.object({
  name: v.pipe(v.string(), v.trim(), v.nonEmpty('Enter the collection name.'), v.maxLength(60, 'Use at most 60 characters.')),
  description: v.pipe(v.string(), v.maxLength(500, 'Use at most 500 characters.')),
})

/** 'Add Collection' without a collection, 'Update Collection' with one (SPEC §2): name and description. */
export function CollectionSheet({ collection, onClose }: { collection?: Collection; onClose: () => void }) {
  const create = useCreateCollection()
  const update = useUpdateCollection()
  const title = collection ? 'Update Collection' : 'Add Collection'
  const form = useForm({
    defaultValues: { name: collection?.name ?? '', description: collection?.description ?? '' },
    validators: { onChange: CollectionSchema },
    onSubmit: ({ value, formApi }) => {
      const fields = { name: value.name.trim(), description: value.description.trim() || null }
      const handlers = { onSuccess: onClose, onError: (error: Error) => showSubmitError(formApi, error) }
      if (collection) update.mutate({ id: collection.id, ...fields }, handlers)
      else create.mutate(fields, handlers)
    },
  })

  return (
    <FormSheet
      title={title}
      submitLabel={collection ? 'Save changes' : 'Add Collection'}
      pending={create.isPending || update.isPending}
      onSubmit={() => void form.handleSubmit()}
      onClose={onClose}
    >
      <form.Subscribe selector={(s) => s.submissionAttempts > 0}>
        {(submitted) => (
          <>
            <form.Field name="name">
              {(field) => (
                <Field label="Name" error={visibleError(field.state.meta, submitted)} required>
                  <Input
                    name={field.name}
                    value={field.state.value}
                    autoComplete="off"
                    onBlur={field.handleBlur}
                    onChange={(e) => field.handleChange(e.target.value)}
                  />
                </Field>
              )}
            </form.Field>
            <form.Field name="description">
              {(field) => (
                <Field
                  label="Description"
                  error={visibleError(field.state.meta, submitted)}
                  helper="Optional. Shown to customers on your storefront."
                >
                  <Textarea
                    name={field.name}
                    value={field.state.value}
                    rows={3}
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
