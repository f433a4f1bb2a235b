import { useForm } from '@tanstack/react-form'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'
import * as v from 'valibot'

import { showSubmitError } from '#app/lib/forms'
import { Button } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { Form } from '#app/ui/form'
import { TextareaField, TextField } from '#app/ui/text-field'
import { BusinessDetailsFields, MAX_BUSINESS_ADDRESS, type VendorProfile } from '#contract/vendor'

import { useUpdateBusinessDetails } from '../queries'

/*
 * The address and TIN every invoice and receipt prints (issue 42, decision 191), beside the name, phone, e-mail
 * and logo the business already has. The rules are the contract's, so the form refuses what the server would.
 */
const FormSchema = v.object(BusinessDetailsFields)

export function BusinessDetailsForm({ profile }: { profile: VendorProfile }) {
  const update = useUpdateBusinessDetails()
  const form = useForm({
    defaultValues: { address: profile.address ?? '', tin: profile.tin ?? '' },
    validators: { onChange: FormSchema },
    onSubmit: ({ value, formApi }) => update.mutate(value, { onError: (error) => showSubmitError(formApi, error) }),
  })
  return (
    <Card title="On your invoices and receipts">
      <p className={css({ color: 'fg.muted', fontSize: 'sm', mb: '4' })}>
        Invoices and receipts show your business name, address, phone, email, logo and TIN.
      </p>
      <Form form={form} className={stack({ gap: '4', maxWidth: '420px' })}>
        {(submitted) => (
          <>
            <form.Field name="address">
              {(field) => (
                <TextareaField
                  field={field}
                  submitted={submitted}
                  label="Business address"
                  helper={`Street, area, city and state, up to ${MAX_BUSINESS_ADDRESS} characters`}
                  rows={3}
                  autoComplete="street-address"
                />
              )}
            </form.Field>
            <form.Field name="tin">
              {(field) => (
                <TextField
                  field={field}
                  submitted={submitted}
                  label="Tax Identification Number (TIN)"
                  helper="8 to 14 digits, e.g. 12345678-0001"
                  inputMode="numeric"
                />
              )}
            </form.Field>
            <Button type="submit" loading={update.isPending}>
              Save business details
            </Button>
          </>
        )}
      </Form>
    </Card>
  )
}
