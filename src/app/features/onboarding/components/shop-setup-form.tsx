import { useForm } from '@tanstack/react-form'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { stack } from 'styled-system/patterns'
import * as v from 'valibot'

import { showSubmitError, visibleError } from '#app/lib/forms'
import { ONBOARDING_PATHS } from '#app/lib/onboarding'
import { Button } from '#app/ui/button'
import { FileChoice, usePreview } from '#app/ui/file-choice'
import { Form } from '#app/ui/form'
import { backgroundSwatches, fontSwatches, LOGO_CHOICE, ShopPreview } from '#app/ui/shop-preview'
import { SwatchPicker } from '#app/ui/swatch-picker'
import { TextareaField } from '#app/ui/text-field'
import { MAX_SHOP_DESCRIPTION, SHOP_URL_PATTERN } from '#contract/onboarding'

import { backgroundsQuery, fontsQuery, useSetUpShop } from '../queries'
import { ShopUrlField, suggestShopUrl, URL_RULE } from './shop-url-field'

const formStyle = stack({ gap: '5' })

const ShopSchema = v.object({
  url: v.pipe(v.string(), v.nonEmpty('Choose a shop URL.'), v.regex(SHOP_URL_PATTERN, URL_RULE)),
  logo: v.custom<File | null>(() => true),
  description: v.pipe(v.string(), v.maxLength(MAX_SHOP_DESCRIPTION, `Use at most ${MAX_SHOP_DESCRIPTION} characters.`)),
  font: v.string(),
  background: v.string(),
})

/** Shop URL, logo, description, font and background; then the vendor goes for review (SPEC §7 /vendor/shop/setup). */
export function ShopSetupForm({ businessName }: { businessName: string }) {
  const { data: fonts } = useSuspenseQuery(fontsQuery())
  const { data: backgrounds } = useSuspenseQuery(backgroundsQuery())
  const setUp = useSetUpShop()
  const [logo, setLogo] = useState<File | null>(null)
  const logoUrl = usePreview(logo)
  const navigate = useNavigate()
  const form = useForm({
    defaultValues: {
      url: suggestShopUrl(businessName),
      logo: null as File | null,
      description: '',
      font: fonts[0]?.id ?? '',
      background: backgrounds[0]?.id ?? '',
    },
    validators: { onChange: ShopSchema },
    onSubmit: ({ value, formApi }) =>
      setUp.mutate(
        {
          url: value.url,
          logo: value.logo ? [value.logo] : undefined,
          description: value.description.trim(),
          font: value.font,
          background: value.background,
        },
        {
          onSuccess: ({ data }) => void navigate({ to: ONBOARDING_PATHS[data.step] }),
          onError: (error) => showSubmitError(formApi, error),
        },
      ),
  })

  return (
    <Form form={form} pending={setUp.isPending} className={formStyle}>
      {(submitted) => (
        <>
          <form.Field name="url">
            {(field) => (
              <ShopUrlField
                value={field.state.value}
                onChange={field.handleChange}
                onBlur={field.handleBlur}
                error={visibleError(field.state.meta, submitted)}
              />
            )}
          </form.Field>
          <form.Field name="logo">
            {(field) => (
              <FileChoice
                {...LOGO_CHOICE}
                value={field.state.value}
                onChange={(file) => {
                  field.handleChange(file)
                  setLogo(file)
                }}
                error={visibleError(field.state.meta, submitted)}
              />
            )}
          </form.Field>
          <form.Field name="description">
            {(field) => (
              <TextareaField
                field={field}
                submitted={submitted}
                label="Description"
                helper="What you sell, in a sentence or two."
                rows={3}
              />
            )}
          </form.Field>
          <form.Field name="font">
            {(field) => (
              <SwatchPicker legend="Font" swatches={fontSwatches(fonts)} value={field.state.value} onChange={field.handleChange} />
            )}
          </form.Field>
          <form.Field name="background">
            {(field) => (
              <SwatchPicker
                legend="Background"
                swatches={backgroundSwatches(backgrounds)}
                value={field.state.value}
                onChange={field.handleChange}
              />
            )}
          </form.Field>
          <form.Subscribe selector={(s) => s.values}>
            {(values) => {
              const font = fonts.find((f) => f.id === values.font)
              const background = backgrounds.find((b) => b.id === values.background)?.value ?? '#ffffff'
              return (
                <ShopPreview
                  name={businessName}
                  logoUrl={logoUrl}
                  description={values.description}
                  fontFamily={font?.family}
                  background={background}
                />
              )
            }}
          </form.Subscribe>
          <Button type="submit" size="lg" fullWidth loading={setUp.isPending}>
            Finish set-up
          </Button>
        </>
      )}
    </Form>
  )
}
