import { useQuery } from '@tanstack/react-query'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { useDebouncedValue } from '#app/lib/use-debounced-value'
import { Field, Input } from '#app/ui/field'
import { Icon } from '#app/ui/icon'
import { Spinner } from '#app/ui/spinner'
import { SHOP_URL_PATTERN } from '#contract/onboarding'

import { shopUrlCheckQuery } from '../queries'

export const URL_RULE = 'Use 3–30 lowercase letters, digits or single hyphens, not at the start or end.'
export const CHECK_DELAY_MS = 400

const status = css({ display: 'flex', alignItems: 'center', gap: '1.5', textStyle: 'body.sm', minH: '5' })

/** What the field keeps of what is typed: 'Mama Put!' → 'mama-put' as far as it goes (no capitals, no spaces). */
export function shapeShopUrl(text: string): string {
  return text
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .slice(0, 30)
}

/** A first suggestion from the business name; the owner may change it. */
export function suggestShopUrl(name: string): string {
  return shapeShopUrl(name.trim()).replace(/-+/g, '-').replace(/^-|-$/g, '')
}

export interface ShopUrlFieldProps {
  value: string
  onChange: (value: string) => void
  onBlur: () => void
  /** A form error (empty, or the server's 409/422 after submit). */
  error?: string
}

/**
 * The shop URL with a live availability check: asked once the typing pauses (CHECK_DELAY_MS), only for a URL
 * that is well formed, so the server is not asked about 'ma'. The answer is advice; the set-up call decides.
 */
export function ShopUrlField({ value, onChange, onBlur, error }: ShopUrlFieldProps) {
  const settled = useDebouncedValue(value, CHECK_DELAY_MS)
  const wellFormed = SHOP_URL_PATTERN.test(settled)
  const check = useQuery({ ...shopUrlCheckQuery(settled), enabled: wellFormed && settled === value })
  const typing = settled !== value

  let line: React.ReactNode = null
  if (!error && value && !typing) {
    if (!wellFormed) line = <span className={css({ color: 'fg.muted' })}>{URL_RULE}</span>
    else if (check.isPending)
      line = (
        <span className={css({ color: 'fg.muted', display: 'inline-flex', gap: '1.5', alignItems: 'center' })}>
          <Spinner size="sm" /> Checking…
        </span>
      )
    else if (check.data?.available)
      line = (
        <span className={css({ color: 'success.fg', display: 'inline-flex', gap: '1.5', alignItems: 'center' })}>
          <Icon name="check" size={16} /> {check.data.url} is available
        </span>
      )
    else if (check.data)
      line = (
        <span className={css({ color: 'danger.fg', display: 'inline-flex', gap: '1.5', alignItems: 'center' })}>
          <Icon name="alert-circle" size={16} /> {check.data.reason ?? 'This URL cannot be used.'}
        </span>
      )
    else if (check.isError)
      line = <span className={css({ color: 'fg.muted' })}>Could not check this URL now; it is checked again when you save.</span>
  }

  return (
    <div className={stack({ gap: '1' })}>
      <Field label="Shop URL" required helper="Your shop's web address. Letters, digits and hyphens." error={error}>
        <Input
          name="url"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={value}
          onBlur={onBlur}
          onChange={(e) => onChange(shapeShopUrl(e.target.value))}
        />
      </Field>
      <p className={status} role="status" aria-live="polite">
        {line}
      </p>
    </div>
  )
}
