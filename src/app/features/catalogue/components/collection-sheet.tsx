import { useForm } from '@tanstack/react-form'
import * as v from 'valibot'

import { showSubmitError } from '#app/lib/forms'
import { FormSheet } from '#app/ui/form-sheet'
import { TextareaField, TextField } from '#app/ui/text-field'
import { type Collection, MAX_COLLECTION_DESCRIPTION, MAX_COLLECTION_NAME } from '#contract/catalogue'

import { useCreateCollection, useUpdateCollection } from '../queries'
import { DeleteCollectionButton } from './delete-collection-button'

const CollectionSchema = v.object({
  name: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('Enter the collection name.'),
    v.maxLength(MAX_COLLECTION_NAME, `Use at most ${MAX_COLLECTION_NAME} characters.`),
  ),
  description: v.pipe(v.string(), v.maxLength(MAX_COLLECTION_DESCRIPTION, `Use at most ${MAX_COLLECTION_DESCRIPTION} characters.`)),
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
      form={form}
      onClose={onClose}
    >
      {(submitted) => (
        <>
          <form.Field name="name">
            {(field) => <TextField field={field} submitted={submitted} label="Name" required autoComplete="off" />}
          </form.Field>
          <form.Field name="description">
            {(field) => (
              <TextareaField
                field={field}
                submitted={submitted}
                label="Description"
                helper="Optional. Shown to customers on your storefront."
                rows={3}
              />
            )}
          </form.Field>
          {collection ? <DeleteCollectionButton collection={collection} onDeleted={onClose} /> : null}
        </>
      )}
    </FormSheet>
  )
}
