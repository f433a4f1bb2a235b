import { css } from 'styled-system/css'
import { visuallyHidden } from 'styled-system/patterns'

const sizes = { sm: 16, md: 20, lg: 32 } as const

export interface SpinnerProps {
  size?: keyof typeof sizes
  /** Announced to screen readers ('Loading transactions'). Without it the spinner is decorative, e.g. inside a
   *  button that already says aria-busy. */
  label?: string
}

const spin = css({ animation: 'spin 0.8s linear infinite', flexShrink: '0' })

export function Spinner({ size = 'md', label }: SpinnerProps) {
  const px = sizes[size]
  const svg = (
    <svg className={spin} width={px} height={px} viewBox="0 0 24 24" fill="none" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  )
  if (!label) return svg
  return (
    <span role="status" className={css({ display: 'inline-flex', color: 'accent.default' })}>
      {svg}
      <span className={visuallyHidden()}>{label}</span>
    </span>
  )
}
