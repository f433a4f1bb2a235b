import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { IMAGE_ACCEPT } from '../lib/images'
import type { Swatch } from './swatch-picker'

/*
 * The shop header as the storefront draws it (name, logo, description in the shop's font on its background), for
 * onboarding's set-up and Settings → Website, which preview the look as it is chosen.
 */

const section = stack({ gap: '2' })
const label = css({ textStyle: 'label', color: 'fg.default' })
const box = stack({
  alignItems: 'center',
  gap: '2',
  p: '5',
  borderRadius: 'card',
  borderWidth: '1px',
  borderColor: 'border.default',
  textAlign: 'center',
  overflow: 'hidden',
})
const nameStyle = css({ fontSize: '2xl', fontWeight: 'bold', lineHeight: 'tight', overflowWrap: 'anywhere' })
const textStyle = css({ fontSize: 'sm', opacity: 0.8, overflowWrap: 'anywhere', lineClamp: 3 })
const logoStyle = css({ w: '14', h: '14', borderRadius: 'full', objectFit: 'cover', bg: 'bg.surface' })

// A dark background needs light text in the preview (and on the storefront).
export const isDarkBackground = (value: string) => /#1f2933|#334e68|#000/i.test(value)

export const fontSwatches = (fonts: readonly { id: string; name: string; family: string }[]): Swatch[] =>
  fonts.map((f) => ({ id: f.id, name: f.name, style: { fontFamily: f.family }, sample: 'Aa' }))

export const backgroundSwatches = (backgrounds: readonly { id: string; name: string; value: string }[]): Swatch[] =>
  backgrounds.map((b) => ({ id: b.id, name: b.name, style: { background: b.value } }))

/** The logo picker's words, the same in set-up and Settings → Website (spread into FileChoice). */
export const LOGO_CHOICE = {
  label: 'Logo (optional)',
  pickLabel: 'Upload a logo',
  accept: IMAGE_ACCEPT,
  helper: 'A square image looks best. JPEG, PNG or WebP.',
} as const

export interface ShopPreviewProps {
  name: string
  logoUrl: string | null
  description: string
  /** A CSS font-family. */
  fontFamily: string | undefined
  /** A CSS colour or gradient. */
  background: string
}

export function ShopPreview({ name, logoUrl, description, fontFamily, background }: ShopPreviewProps) {
  const text = description.trim()
  return (
    <section aria-label="Preview" className={section}>
      <span className={label}>Preview</span>
      <div
        className={box}
        data-testid="shop-preview"
        style={{ background, fontFamily, color: isDarkBackground(background) ? '#ffffff' : '#111827' }}
      >
        {logoUrl ? <img className={logoStyle} src={logoUrl} alt="" /> : null}
        <span className={nameStyle}>{name}</span>
        {text ? <span className={textStyle}>{text}</span> : null}
      </div>
    </section>
  )
}
