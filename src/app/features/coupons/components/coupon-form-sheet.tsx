import { useForm } from '@tanstack/react-form'
import { useMemo } from 'react'
import { css } from 'styled-system/css'

import { showSubmitError, visibleError } from '#app/lib/forms'
import { AmountInput, Field, Input, PercentInput, Select } from '#app/ui/field'
import { FormSheet } from '#app/ui/form-sheet'
import { DigitsField, TextareaField, TextField } from '#app/ui/text-field'
import { type Coupon, MAX_COUPON_CODE, MAX_COUPON_DESCRIPTION, MAX_COUPON_NAME } from '#contract/selling-terms'

import {
  couponFormSchema,
  type CouponFormValues,
  couponFormValues,
  EMPTY_COUPON,
  lagosToday,
  toCreateCouponBody,
  toUpdateCouponBody,
} from '../coupon-form'
import { useCreateCoupon, useUpdateCoupon } from '../queries'

const pair = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4', alignItems: 'start' })

/** What Edit Coupon cannot change, said once at the top rather than under four greyed fields. */
export const FIXED_ON_EDIT = 'The code, value and start date stay as they are: orders and shared links already quote them.'

/**
 * Create Coupon (SPEC §2, §5), or Edit Coupon with `coupon`: the same form, prefilled, where only the name,
 * description, maximum usage and end date can change (PATCH /coupon's fields). A bottom sheet on phones, a
 * right-hand panel on wide screens. The server's message ('Coupon created', 'Coupon updated') is the toast.
 */
export function CouponFormSheet({ coupon, onClose }: { coupon?: Coupon; onClose: () => void }) {
  const create = useCreateCoupon()
  const update = useUpdateCoupon()
  const editing = Boolean(coupon)
  // Fixed while the sheet is open, so the date rule cannot change under someone's fingers at midnight.
  const today = useMemo(() => lagosToday(), [])
  const form = useForm({
    defaultValues: coupon ? couponFormValues(coupon) : EMPTY_COUPON,
    validators: { onChange: couponFormSchema(today, coupon) },
    onSubmit: ({ value, formApi }) => {
      const settle = { onSuccess: onClose, onError: (error: unknown) => showSubmitError(formApi, error) }
      if (!coupon) return create.mutate(toCreateCouponBody(value), settle)
      const body = toUpdateCouponBody(value, coupon)
      // Nothing changed: nothing to send, and nothing to say.
      if (!body) return onClose()
      update.mutate(body, settle)
    },
  })

  return (
    <FormSheet
      title={editing ? 'Edit Coupon' : 'Create Coupon'}
      description={editing ? FIXED_ON_EDIT : 'Every field is required.'}
      submitLabel={editing ? 'Save changes' : 'Create Coupon'}
      pending={create.isPending || update.isPending}
      form={form}
      onClose={onClose}
    >
      <form.Subscribe selector={(s) => [s.submissionAttempts > 0, s.values.valueType, s.values.startDate, s.values.endDate] as const}>
        {([submitted, valueType, startDate, endDate]) => (
          <>
            <form.Field name="name">
              {(field) => <TextField field={field} submitted={submitted} label="Name" maxLength={MAX_COUPON_NAME} />}
            </form.Field>
            <form.Field name="couponCode">
              {(field) => (
                <TextField
                  field={field}
                  submitted={submitted}
                  label="Coupon code"
                  helper={editing ? undefined : '3 to 20 letters, digits, - or _. Customers type it at checkout.'}
                  disabled={editing}
                  autoCapitalize="characters"
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={MAX_COUPON_CODE}
                />
              )}
            </form.Field>
            <form.Field name="description">
              {(field) => (
                <TextareaField field={field} submitted={submitted} label="Description" rows={3} maxLength={MAX_COUPON_DESCRIPTION} />
              )}
            </form.Field>
            <div className={pair}>
              <form.Field name="valueType">
                {(field) => (
                  <Field label="Value type" error={visibleError(field.state.meta, submitted)} disabled={editing}>
                    <Select
                      name={field.name}
                      value={field.state.value}
                      onBlur={field.handleBlur}
                      onChange={(e) => {
                        field.handleChange(e.target.value as CouponFormValues['valueType'])
                        // Naira and a percentage are different numbers: a value typed for the other type is no guide.
                        form.setFieldValue('value', '')
                      }}
                    >
                      <option value="" disabled>
                        Select a value type
                      </option>
                      <option value="PERCENTAGE">Percentage (%)</option>
                      <option value="FLAT">Flat amount (₦)</option>
                    </Select>
                  </Field>
                )}
              </form.Field>
              <form.Field name="value">
                {(field) => (
                  <Field
                    label="Value"
                    helper={valueType === '' ? 'Select a value type first.' : undefined}
                    error={visibleError(field.state.meta, submitted)}
                    disabled={editing || valueType === ''}
                  >
                    {valueType === 'FLAT' ? (
                      <AmountInput name={field.name} value={field.state.value} onBlur={field.handleBlur} onChange={field.handleChange} />
                    ) : (
                      <PercentInput name={field.name} value={field.state.value} onBlur={field.handleBlur} onChange={field.handleChange} />
                    )}
                  </Field>
                )}
              </form.Field>
            </div>
            <form.Field name="maxUsage">
              {(field) => (
                <DigitsField field={field} submitted={submitted} label="Maximum usage" helper="How many orders may use this coupon." />
              )}
            </form.Field>
            <div className={pair}>
              <form.Field name="startDate">
                {(field) => (
                  <Field label="Start date" error={visibleError(field.state.meta, submitted)} disabled={editing}>
                    <Input
                      type="date"
                      name={field.name}
                      min={editing ? undefined : today}
                      max={endDate || undefined}
                      value={field.state.value}
                      onBlur={field.handleBlur}
                      onChange={(e) => {
                        field.handleChange(e.target.value)
                        // No start, no end (SPEC §5): the end date waits for a start date again.
                        if (!e.target.value) form.setFieldValue('endDate', '')
                      }}
                    />
                  </Field>
                )}
              </form.Field>
              <form.Field name="endDate">
                {(field) => (
                  <TextField
                    field={field}
                    submitted={submitted}
                    label="End date"
                    helper={startDate ? undefined : 'Select a start date first.'}
                    disabled={!startDate}
                    type="date"
                    min={startDate || today}
                  />
                )}
              </form.Field>
            </div>
          </>
        )}
      </form.Subscribe>
    </FormSheet>
  )
}
