import type { ButtonHTMLAttributes, Ref } from 'react'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes'

import { Icon, type IconName } from './icon'
import { Spinner } from './spinner'

export type ButtonVariant = 'solid' | 'outline' | 'ghost' | 'danger'
export type ButtonSize = 'sm' | 'md' | 'lg'

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant
  size?: ButtonSize
  /** Shows a spinner in place of the label, disables the button and marks it aria-busy. */
  loading?: boolean
  fullWidth?: boolean
  ref?: Ref<HTMLButtonElement>
}

const hiddenLabel = css({ display: 'inline-flex', alignItems: 'center', gap: '2', visibility: 'hidden' })
const centred = css({ position: 'absolute', inset: '0', display: 'flex', alignItems: 'center', justifyContent: 'center' })

export function Button({
  variant = 'solid',
  size = 'md',
  loading = false,
  fullWidth = false,
  disabled,
  type = 'button',
  className,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cx(button({ variant, size, fullWidth }), className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? (
        <>
          {/* The label stays in the layout, invisible, so the button keeps its width and nothing jumps. */}
          <span className={hiddenLabel}>{children}</span>
          <span className={centred}>
            <Spinner size={size === 'lg' ? 'md' : 'sm'} />
          </span>
        </>
      ) : (
        children
      )}
    </button>
  )
}

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  /** The accessible name; icon-only buttons have no other text. */
  label: string
  icon: IconName
  variant?: ButtonVariant
  size?: ButtonSize
  ref?: Ref<HTMLButtonElement>
}

/** A square, icon-only button (default ghost) with a 44px tap target. */
export function IconButton({ label, icon, variant = 'ghost', size = 'md', type = 'button', className, ...rest }: IconButtonProps) {
  return (
    <button type={type} aria-label={label} className={cx(button({ variant, size, iconOnly: true }), className)} {...rest}>
      <Icon name={icon} size={size === 'sm' ? 18 : 20} />
    </button>
  )
}
