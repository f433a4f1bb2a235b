import { useForm } from '@tanstack/react-form'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import * as v from 'valibot'
import { css } from 'styled-system/css'
import { SHOP_URL_PATTERN } from '../../../../contract/onboarding'
import { IMAGE_ACCEPT } from '../../../lib/images'
import { showSubmitError, visibleError } from '../../../lib/forms'
import { ONBOARDING_PATHS } from '../../../lib/onboarding'
import { Button } from '../../../ui/button'
import { Field, Textarea } from '../../../ui/field'
import { backgroundsQuery, fontsQuery, useSetUpShop } from '../queries'
import { FileChoice, usePreview } from './file-choice'
import { ShopUrlField, suggestShopUrl, URL_RULE } from './shop-url-field'
import { SwatchPicker } from './swatch-picker'

const formStyle = css({ display: 'flex', flexDirection: 'column', gap: '5' })
const previewBox = css({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: '2',
  p: '5',
  borderRadius: 'card',
  borderWidth: '1px',
  borderColor: 'border.default',
  textAlign: 'center',
  overflow: 'hidden',
})
const previewName = css({ fontSize: '2xl', fontWeight: 'bold', lineHeight: 'tight', overflowWrap: 'anywhere' })
const previewText = css({ fontSize: 'sm', opacity: 0.8, overflowWrap: 'anywhere', lineClamp: 3 })
const previewLabel = css({ textStyle: 'label', color: 'fg.default' })
const previewLogo = css({ w: '14', h: '14', borderRadius: 'full', objectFit: 'cover', bg: 'bg.surface' })

const ShopSchema = v.object({
  url: v.pipe(v.string(), v.nonEmpty('Choose a shop URL.'), v.regex(SHOP_URL_PATTERN, URL_RULE)),
  logo: v.custom<File | null>(() => true),
  description: v.pipe(v.string(), v.maxLength(500, 'Use at most 500 characters.')),
  font: v.string(),
  background: v.string(),
})

// A dark background needs light text in the preview (and on the storefront).
const isDark = (value: string) => /#1f2933|#334e68|#000/i.test(value)

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
    <form
      noValidate
      className={formStyle}
      onSubmit={(e) => {
        e.preventDefault()
        if (!setUp.isPending) void form.handleSubmit()
      }}
    >
      <form.Subscribe selector={(s) => s.submissionAttempts > 0}>
        {(submitted) => (
          <>
            <form.Field name="url">
              {(field) => (
                <ShopUrlField value={field.state.value} onChange={field.handleChange} onBlur={field.handleBlur} error={visibleError(field.state.meta, submitted)} />
              )}
            </form.Field>
            <form.Field name="logo">
              {(field) => (
                <FileChoice
                  label="Logo (optional)"
                  pickLabel="Upload a logo"
                  accept={IMAGE_ACCEPT}
                  helper="A square image looks best. JPEG, PNG or WebP."
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
                <Field label="Description" helper="What you sell, in a sentence or two." error={visibleError(field.state.meta, submitted)}>
                  <Textarea name={field.name} rows={3} value={field.state.value} onBlur={field.handleBlur} onChange={(e) => field.handleChange(e.target.value)} />
                </Field>
              )}
            </form.Field>
          </>
        )}
      </form.Subscribe>
      <form.Field name="font">
        {(field) => (
          <SwatchPicker
            legend="Font"
            swatches={fonts.map((f) => ({ id: f.id, name: f.name, style: { fontFamily: f.family }, sample: 'Aa' }))}
            value={field.state.value}
            onChange={field.handleChange}
          />
        )}
      </form.Field>
      <form.Field name="background">
        {(field) => (
          <SwatchPicker
            legend="Background"
            swatches={backgrounds.map((b) => ({ id: b.id, name: b.name, style: { background: b.value } }))}
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
            <section aria-label="Preview" className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
              <span className={previewLabel}>Preview</span>
              <div className={previewBox} style={{ background, fontFamily: font?.family, color: isDark(background) ? '#ffffff' : '#111827' }}>
                {logoUrl ? <img className={previewLogo} src={logoUrl} alt="" /> : null}
                <span className={previewName}>{businessName}</span>
                {values.description.trim() ? <span className={previewText}>{values.description.trim()}</span> : null}
              </div>
            </section>
          )
        }}
      </form.Subscribe>
      <Button type="submit" size="lg" fullWidth loading={setUp.isPending}>
        Finish set-up
      </Button>
    </form>
  )
}
