import { useForm } from '@tanstack/react-form'
import { useQuery } from '@tanstack/react-query'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'
import * as v from 'valibot'

import { errorMessage } from '#app/lib/api'
import { showSubmitError, visibleError } from '#app/lib/forms'
import { useOnline } from '#app/lib/online'
import { Button } from '#app/ui/button'
import { FormSheet } from '#app/ui/form-sheet'
import { Notice } from '#app/ui/notice'
import { Skeleton } from '#app/ui/skeleton'
import { TextareaField, TextField } from '#app/ui/text-field'
import { MAX_ID_LENGTH } from '#contract/common'
import { type DisputeInfo, MAX_DISPUTE_DESCRIPTION, MAX_DISPUTE_TITLE } from '#contract/disputes'

import { disputeCategoriesQuery, useCreateDispute } from '../queries'
import { CategoryChoice } from './category-choice'

const required = (message: string, max: number) =>
  v.pipe(v.string(), v.trim(), v.nonEmpty(message), v.maxLength(max, `Use at most ${max} characters.`))

/** SPEC §5: title, description, category and order reference are all required. Bounds are the contract's. */
const DisputeFormSchema = v.object({
  orderReference: required('Enter the order reference.', MAX_ID_LENGTH),
  title: required('Enter a title.', MAX_DISPUTE_TITLE),
  category: v.pipe(v.string(), v.nonEmpty('Select a category.')),
  description: required('Describe the problem.', MAX_DISPUTE_DESCRIPTION),
})

const note = css({ textStyle: 'body.sm', color: 'fg.muted' })

/** Raising a dispute is sent now or not at all: a form that spins until some later reconnect would surprise. */
export const OFFLINE_DISPUTE_REASON = 'You are offline. The dispute can be raised once you reconnect.'

export interface InitiateDisputeSheetProps {
  /** Prefilled when the vendor comes from an order (?orderReference=), still editable. */
  orderReference?: string
  onClose: () => void
  onCreated: (dispute: DisputeInfo) => void
}

/** 'Initiate Dispute' (SPEC §2): about one of the vendor's orders, with a title, a category and a description. */
export function InitiateDisputeSheet({ orderReference = '', onClose, onCreated }: InitiateDisputeSheetProps) {
  const online = useOnline()
  const categories = useQuery(disputeCategoriesQuery())
  const create = useCreateDispute()
  const form = useForm({
    defaultValues: { orderReference, title: '', category: '', description: '' },
    validators: { onChange: DisputeFormSchema },
    onSubmit: ({ value, formApi }) =>
      create.mutate(
        {
          orderReference: value.orderReference.trim().toUpperCase(),
          title: value.title.trim(),
          category: value.category,
          description: value.description.trim(),
        },
        { onSuccess: ({ data }) => onCreated(data), onError: (error) => showSubmitError(formApi, error, { toast: true }) },
      ),
  })

  return (
    <FormSheet
      title="Initiate Dispute"
      description="Raise a problem with one of your orders. You can discuss it here and escalate it to an administrator."
      submitLabel="Initiate Dispute"
      pending={create.isPending}
      disabled={!online}
      form={form}
      onClose={onClose}
    >
      {(submitted) => (
        <>
          <form.Field name="orderReference">
            {(field) => (
              <TextField
                field={field}
                submitted={submitted}
                label="Order reference"
                required
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
              />
            )}
          </form.Field>
          <form.Field name="title">
            {(field) => (
              <TextField
                field={field}
                submitted={submitted}
                label="Title"
                required
                helper="For example, Item arrived damaged."
                maxLength={MAX_DISPUTE_TITLE}
                autoComplete="off"
              />
            )}
          </form.Field>
          <form.Field name="category">
            {(field) =>
              categories.data ? (
                <CategoryChoice
                  categories={categories.data.items}
                  value={field.state.value}
                  onChange={field.handleChange}
                  onBlur={field.handleBlur}
                  error={visibleError(field.state.meta, submitted)}
                />
              ) : categories.isError ? (
                <div className={stack({ gap: '2' })}>
                  <p className={note}>Could not load the categories: {errorMessage(categories.error)}</p>
                  <Button variant="outline" size="sm" loading={categories.isFetching} onClick={() => void categories.refetch()}>
                    Refetch
                  </Button>
                </div>
              ) : (
                <Skeleton count={4} height={56} />
              )
            }
          </form.Field>
          <form.Field name="description">
            {(field) => (
              <TextareaField
                field={field}
                submitted={submitted}
                label="Description"
                required
                helper="What happened, and what you and the customer have tried."
                rows={4}
                maxLength={MAX_DISPUTE_DESCRIPTION}
              />
            )}
          </form.Field>
          {online ? null : <Notice icon="wifi-off">{OFFLINE_DISPUTE_REASON}</Notice>}
        </>
      )}
    </FormSheet>
  )
}
