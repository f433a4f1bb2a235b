import { useForm } from '@tanstack/react-form'
import { useNavigate } from '@tanstack/react-router'
import { stack } from 'styled-system/patterns'

import { showSubmitError, visibleError } from '#app/lib/forms'
import { ONBOARDING_PATHS } from '#app/lib/onboarding'
import { Button } from '#app/ui/button'
import { ChoiceChips } from '#app/ui/choice-chips'
import { FileChoice } from '#app/ui/file-choice'
import { Form } from '#app/ui/form'
import { DigitsField, SelectField, TextareaField } from '#app/ui/text-field'
import { KYC_DOCUMENT_TYPES } from '#contract/onboarding'

import { checkDocument, DOCUMENT_ACCEPT, DOCUMENT_TYPE_LABELS, EMPTY_KYC, type IdType, kycBody, KycSchema } from '../kyc-form-schema'
import { useSubmitKyc } from '../queries'
import { DateOfBirthSelect } from './date-of-birth-select'

const formStyle = stack({ gap: '5' })
const ID_TYPES = [
  { value: 'BVN', label: 'BVN' },
  { value: 'NIN', label: 'NIN' },
] as const satisfies readonly { value: IdType; label: string }[]

/** Identity check: a document, date of birth, address and a BVN or NIN (SPEC §7 PATCH /vendor/kyc, multipart). */
export function KycForm() {
  const submitKyc = useSubmitKyc()
  const navigate = useNavigate()
  const form = useForm({
    defaultValues: EMPTY_KYC,
    validators: { onChange: KycSchema },
    onSubmit: ({ value, formApi }) =>
      submitKyc.mutate(kycBody(value), {
        onSuccess: ({ data }) => void navigate({ to: ONBOARDING_PATHS[data.step] }),
        onError: (error) => showSubmitError(formApi, error),
      }),
  })

  return (
    <Form form={form} pending={submitKyc.isPending} className={formStyle}>
      {(submitted) => (
        <>
          <form.Field name="documentType">
            {(field) => (
              <SelectField field={field} submitted={submitted} label="Document type" required>
                <option value="">Choose a document</option>
                {KYC_DOCUMENT_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {DOCUMENT_TYPE_LABELS[type]}
                  </option>
                ))}
              </SelectField>
            )}
          </form.Field>
          <form.Field name="document">
            {(field) => (
              <FileChoice
                label="Identity document"
                pickLabel="Upload a photo or PDF"
                accept={DOCUMENT_ACCEPT}
                helper="A clear photo or scan: JPEG, PNG, WebP or PDF, up to 5 MB."
                value={field.state.value}
                check={checkDocument}
                onChange={(file) => {
                  field.handleChange(file)
                  field.handleBlur()
                }}
                error={visibleError(field.state.meta, submitted)}
              />
            )}
          </form.Field>
          <form.Field name="dateOfBirth">
            {(field) => (
              <DateOfBirthSelect
                value={field.state.value}
                onChange={field.handleChange}
                error={visibleError(field.state.meta, submitted)}
              />
            )}
          </form.Field>
          <form.Field name="address">
            {(field) => (
              <TextareaField field={field} submitted={submitted} label="Address" required autoComplete="street-address" rows={3} />
            )}
          </form.Field>
          <form.Field name="idType">
            {(field) => (
              <ChoiceChips
                legend="Identity number type"
                choices={ID_TYPES}
                value={(field.state.value || undefined) as IdType | undefined}
                onChange={field.handleChange}
                error={visibleError(field.state.meta, submitted)}
              />
            )}
          </form.Field>
          <form.Subscribe selector={(s) => s.values.idType}>
            {(idType) => (
              <form.Field name="idNumber">
                {(field) => (
                  <DigitsField
                    field={field}
                    submitted={submitted}
                    label={idType ? `${idType} number` : 'BVN or NIN number'}
                    required
                    helper="11 digits. It is checked once and never shown again."
                    maxDigits={11}
                  />
                )}
              </form.Field>
            )}
          </form.Subscribe>
          <Button type="submit" size="lg" fullWidth loading={submitKyc.isPending}>
            Continue
          </Button>
        </>
      )}
    </Form>
  )
}
