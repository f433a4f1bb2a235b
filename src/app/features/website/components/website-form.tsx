import { useForm } from '@tanstack/react-form'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'
import * as v from 'valibot'

import { showSubmitError, visibleError } from '#app/lib/forms'
import { Button } from '#app/ui/button'
import { FileChoice, usePreview } from '#app/ui/file-choice'
import { Form } from '#app/ui/form'
import { backgroundSwatches, fontSwatches, LOGO_CHOICE, ShopPreview } from '#app/ui/shop-preview'
import { SwatchPicker } from '#app/ui/swatch-picker'
import { TextareaField } from '#app/ui/text-field'
import { SUPPORTED_BACKGROUNDS, SUPPORTED_FONTS } from '#contract/onboarding'
import { MAX_SHOP_DESCRIPTION } from '#contract/onboarding'
import type { WebsiteSettings } from '#contract/website'

import { useUpdateWebsite } from '../queries'

const formStyle = stack({ gap: '5' })
const current = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  p: '2',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'control',
})
const currentLogo = css({
  w: '14',
  h: '14',
  borderRadius: 'control',
  objectFit: 'cover',
  bg: 'bg.muted',
})
const labelStyle = css({ textStyle: 'label', color: 'fg.default' })

const Schema = v.object({
  logo: v.custom<File | null>(() => true),
  removeLogo: v.boolean(),
  description: v.pipe(v.string(), v.maxLength(MAX_SHOP_DESCRIPTION, `Use at most ${MAX_SHOP_DESCRIPTION} characters.`)),
  font: v.string(),
  background: v.string(),
})
type Values = v.InferOutput<typeof Schema>

const fontSwatchList = fontSwatches(SUPPORTED_FONTS)
const backgroundSwatchList = backgroundSwatches(SUPPORTED_BACKGROUNDS)

const changed = (values: Values, saved: WebsiteSettings) =>
  values.logo !== null ||
  (values.removeLogo && saved.logoUrl !== null) ||
  values.description.trim() !== saved.description ||
  values.font !== saved.font ||
  values.background !== saved.background

/** The shop's logo, description, font and background, with the shop header previewed as they change. */
export function WebsiteForm({ saved, shopName }: { saved: WebsiteSettings; shopName: string }) {
  const update = useUpdateWebsite()
  const form = useForm({
    defaultValues: {
      logo: null,
      removeLogo: false,
      description: saved.description,
      font: saved.font,
      background: saved.background,
    } as Values,
    validators: { onChange: Schema },
    onSubmit: ({ value, formApi }) =>
      update.mutate(
        {
          logo: value.logo ? [value.logo] : undefined,
          removeLogo: !value.logo && value.removeLogo ? true : undefined,
          description: value.description.trim(),
          font: value.font,
          background: value.background,
        },
        { onError: (error) => showSubmitError(formApi, error) },
      ),
  })

  return (
    <Form form={form} pending={update.isPending} className={formStyle}>
      <form.Subscribe selector={(s) => s.values.removeLogo}>
        {(removeLogo) =>
          saved.logoUrl && !removeLogo ? (
            <div className={stack({ gap: '2' })}>
              <span className={labelStyle}>Logo</span>
              <div className={current}>
                <img className={currentLogo} src={saved.logoUrl} alt="Current logo" />
                <span className={css({ flex: '1' })} />
                <Button type="button" variant="outline" size="sm" onClick={() => form.setFieldValue('removeLogo', true)}>
                  Remove logo
                </Button>
              </div>
            </div>
          ) : (
            <form.Field name="logo">
              {(field) => (
                <>
                  <FileChoice
                    {...LOGO_CHOICE}
                    value={field.state.value}
                    onChange={field.handleChange}
                    error={visibleError(field.state.meta, true)}
                  />
                  {removeLogo && !field.state.value ? (
                    <Button type="button" variant="ghost" size="sm" onClick={() => form.setFieldValue('removeLogo', false)}>
                      Keep the current logo
                    </Button>
                  ) : null}
                </>
              )}
            </form.Field>
          )
        }
      </form.Subscribe>
      <form.Field name="description">
        {(field) => (
          <TextareaField field={field} submitted={true} label="Description" helper="What you sell, in a sentence or two." rows={3} />
        )}
      </form.Field>
      <form.Field name="font">
        {(field) => <SwatchPicker legend="Font" swatches={fontSwatchList} value={field.state.value} onChange={field.handleChange} />}
      </form.Field>
      <form.Field name="background">
        {(field) => (
          <SwatchPicker legend="Background" swatches={backgroundSwatchList} value={field.state.value} onChange={field.handleChange} />
        )}
      </form.Field>
      <form.Subscribe selector={(s) => s.values}>
        {(values) => <Preview values={values} saved={saved} shopName={shopName} />}
      </form.Subscribe>
      <form.Subscribe selector={(s) => changed(s.values, saved) && s.isValid}>
        {(canSave) => (
          <Button type="submit" size="lg" disabled={!canSave} loading={update.isPending}>
            Save
          </Button>
        )}
      </form.Subscribe>
    </Form>
  )
}

function Preview({ values, saved, shopName }: { values: Values; saved: WebsiteSettings; shopName: string }) {
  const chosen = usePreview(values.logo)
  const logoUrl = values.logo ? chosen : values.removeLogo ? null : saved.logoUrl
  const font = SUPPORTED_FONTS.find((f) => f.id === values.font)
  const background = SUPPORTED_BACKGROUNDS.find((b) => b.id === values.background)?.value ?? '#ffffff'
  return (
    <ShopPreview name={shopName} logoUrl={logoUrl} description={values.description} fontFamily={font?.family} background={background} />
  )
}
