import { useForm } from '@tanstack/react-form'
import { useMemo } from 'react'
import { css } from 'styled-system/css'

import { showSubmitError, visibleError } from '#app/lib/forms'
import { AmountInput, Field, Input, PercentInput, Select } from '#app/ui/field'
import { FormSheet } from '#app/ui/form-sheet'
import { DigitsField, TextareaField, TextField } from '#app/ui/text-field'

import { couponFormSchema, type CouponFormValues, EMPTY_COUPON, lagosToday, toCreateCouponBody } from '../coupon-form'
import { useCreateCoupon } from '../queries'

const pair = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4', alignItems: 'start' })

/** Create Coupon (SPEC §2, §5): a bottom sheet on phones, a right-hand panel on wide screens. */
export function CreateCouponSheet({ onClose }: { onClose: () => void }) {
  const create = useCreateCoupon()
  // Fixed while the sheet is open, so the date rule cannot change under someone's fingers at midnight.
  const today = useMemo(() => lagosToday(), [])
  const form = useForm({
    defaultValues: EMPTY_COUPON,
    validators: { onChange: couponFormSchema(today) },
    onSubmit: ({ value, formApi }) =>
      create.mutate(toCreateCouponBody(value), { onSuccess: onClose, onError: (error) => showSubmitError(formApi, error) }),
  })

  return (
    <FormSheet
      title="Create Coupon"
      description="Every field is required."
      submitLabel="Create Coupon"
      pending={create.isPending}
      form={form}
      onClose={onClose}
    >
      <form.Subscribe selector={(s) => [s.submissionAttempts > 0, s.values.valueType, s.values.startDate, s.values.endDate] as const}>
        {([submitted, valueType, startDate, endDate]) => (
          <>
            <form.Field name="name">{(field) => <TextField field={field} submitted={submitted} label="Name" maxLength={60} />}</form.Field>
            <form.Field name="couponCode">
              {(field) => (
                <TextField
                  field={field}
                  submitted={submitted}
                  label="Coupon code"
                  helper="3 to 20 letters, digits, - or _. Customers type it at checkout."
                  autoCapitalize="characters"
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={20}
                />
              )}
            </form.Field>
            <form.Field name="description">
              {(field) => <TextareaField field={field} submitted={submitted} label="Description" rows={3} maxLength={500} />}
            </form.Field>
            <div className={pair}>
              <form.Field name="valueType">
                {(field) => (
                  <Field label="Value type" error={visibleError(field.state.meta, submitted)}>
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
                    disabled={valueType === ''}
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
                  <Field label="Start date" error={visibleError(field.state.meta, submitted)}>
                    <Input
                      type="date"
                      name={field.name}
                      min={today}
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
