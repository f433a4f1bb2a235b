import { defineRecipe } from '@pandacss/dev'

// Components pick variants from props at run time, which Panda cannot see statically, so every recipe
// emits all its variants (`staticCss: ['*']`). They are few and small.

const focusRing = {
  outline: '2px solid',
  outlineColor: 'accent.focusRing',
  outlineOffset: '2px',
} as const

export const button = defineRecipe({
  className: 'button',
  description: 'Buttons and icon buttons',
  staticCss: ['*'],
  base: {
    position: 'relative',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    flexShrink: '0',
    borderWidth: '1px',
    borderStyle: 'solid',
    borderColor: 'transparent',
    borderRadius: 'control',
    fontWeight: '600',
    lineHeight: '1.25rem',
    whiteSpace: 'nowrap',
    textDecoration: 'none',
    cursor: 'pointer',
    userSelect: 'none',
    WebkitTapHighlightColor: 'transparent',
    transitionProperty: 'background-color, border-color, color, box-shadow',
    transitionDuration: 'fast',
    _focusVisible: focusRing,
    _disabled: { cursor: 'not-allowed', opacity: '0.5' },
    // A loading button is disabled but must keep looking like the action that is under way.
    '&[aria-busy=true]': { cursor: 'progress', opacity: '1' },
    '& svg': { flexShrink: '0' },
  },
  variants: {
    variant: {
      solid: {
        bg: 'accent.default',
        color: 'fg.onAccent',
        _hover: { _enabled: { bg: 'accent.emphasized' } },
        _active: { _enabled: { bg: 'accent.pressed' } },
      },
      outline: {
        bg: 'bg.surface',
        color: 'fg.default',
        borderColor: 'border.strong',
        _hover: { _enabled: { bg: 'bg.muted' } },
        _active: { _enabled: { bg: 'bg.emphasized' } },
      },
      ghost: {
        bg: 'transparent',
        color: 'accent.fg',
        _hover: { _enabled: { bg: 'accent.subtle' } },
        _active: { _enabled: { bg: 'accent.muted' } },
      },
      danger: {
        bg: 'danger.default',
        color: 'fg.onAccent',
        _hover: { _enabled: { bg: 'danger.emphasized' } },
        _active: { _enabled: { bg: 'danger.emphasized' } },
      },
    },
    size: {
      // 36px to the eye, but the ::before extends the tap area to 44px.
      sm: {
        h: '9',
        minW: '9',
        px: '3',
        fontSize: '0.875rem',
        _before: { content: '""', position: 'absolute', insetBlock: '-1', insetInline: '0' },
      },
      md: { h: 'touch', minW: 'touch', px: '4', fontSize: '1rem' },
      lg: { h: '12', minW: '12', px: '5', fontSize: '1rem' },
    },
    fullWidth: { true: { w: 'full' } },
    iconOnly: { true: { px: '0' } },
  },
  compoundVariants: [
    { size: 'sm', iconOnly: true, css: { w: '9', _before: { insetInline: '-1' } } },
    { size: 'md', iconOnly: true, css: { w: 'touch' } },
    { size: 'lg', iconOnly: true, css: { w: '12' } },
    { variant: 'ghost', iconOnly: true, css: { color: 'fg.muted', _hover: { _enabled: { color: 'fg.default' } } } },
  ],
  defaultVariants: { variant: 'solid', size: 'md' },
})

const chevron =
  "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='%234b5563' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='m6 9 6 6 6-6'/%3E%3C/svg%3E\")"

export const input = defineRecipe({
  className: 'input',
  description: 'Text inputs, native selects and text areas',
  staticCss: ['*'],
  base: {
    display: 'block',
    w: 'full',
    minW: '0',
    h: '12',
    px: '3',
    // 16px or more: iOS Safari zooms the page into any smaller input on focus.
    fontSize: '1rem',
    lineHeight: '1.5rem',
    color: 'fg.default',
    bg: 'bg.surface',
    borderWidth: '1px',
    borderStyle: 'solid',
    borderColor: 'border.strong',
    borderRadius: 'control',
    appearance: 'none',
    transitionProperty: 'border-color, box-shadow',
    transitionDuration: 'fast',
    _placeholder: { color: 'fg.subtle', opacity: '1' },
    _hover: { borderColor: 'fg.muted' },
    _focusVisible: { outline: '2px solid', outlineColor: 'accent.focusRing', outlineOffset: '-1px', borderColor: 'accent.default' },
    _invalid: {
      borderColor: 'danger.default',
      _focusVisible: { outlineColor: 'danger.default', borderColor: 'danger.default' },
    },
    _disabled: { bg: 'bg.muted', color: 'fg.muted', cursor: 'not-allowed', _hover: { borderColor: 'border.strong' } },
    _readOnly: { bg: 'bg.subtle' },
  },
  variants: {
    control: {
      input: {},
      select: {
        pr: '10',
        cursor: 'pointer',
        backgroundImage: chevron,
        backgroundRepeat: 'no-repeat',
        backgroundPosition: 'right 0.75rem center',
        backgroundSize: '1.25rem',
      },
      textarea: { h: 'auto', minH: '24', py: '3', resize: 'vertical' },
    },
  },
  defaultVariants: { control: 'input' },
})

export const badge = defineRecipe({
  className: 'badge',
  description: 'Status pills',
  staticCss: ['*'],
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1.5',
    px: '2.5',
    py: '0.5',
    borderRadius: 'pill',
    borderWidth: '1px',
    borderStyle: 'solid',
    fontSize: '0.8125rem',
    lineHeight: '1.25rem',
    fontWeight: '600',
    whiteSpace: 'nowrap',
    _before: { content: '""', w: '1.5', h: '1.5', borderRadius: 'full', bg: 'currentColor', flexShrink: '0' },
  },
  variants: {
    tone: {
      success: { bg: 'success.subtle', color: 'success.fg', borderColor: 'success.muted' },
      warning: { bg: 'warning.subtle', color: 'warning.fg', borderColor: 'warning.muted' },
      danger: { bg: 'danger.subtle', color: 'danger.fg', borderColor: 'danger.muted' },
      info: { bg: 'info.subtle', color: 'info.fg', borderColor: 'info.muted' },
      neutral: { bg: 'neutral.subtle', color: 'neutral.fg', borderColor: 'neutral.muted' },
    },
  },
  defaultVariants: { tone: 'neutral' },
})

export const card = defineRecipe({
  className: 'card',
  description: 'A section container on the page background',
  staticCss: ['*'],
  base: {
    display: 'flex',
    flexDirection: 'column',
    gap: '4',
    minW: '0',
    bg: 'bg.surface',
    borderWidth: '1px',
    borderStyle: 'solid',
    borderColor: 'border.default',
    borderRadius: 'card',
    boxShadow: 'card',
  },
  variants: {
    padding: {
      none: { p: '0', gap: '0' },
      md: { p: '4', md: { p: '5' } },
    },
  },
  defaultVariants: { padding: 'md' },
})

export const listRow = defineRecipe({
  className: 'list-row',
  description: 'A list row that opens its entity (transaction, product, coupon); each list sets its columns',
  staticCss: ['*'],
  base: {
    display: 'grid',
    alignItems: 'center',
    gap: '3',
    px: '3',
    borderBottomWidth: '1px',
    borderColor: 'border.default',
    color: 'fg.default',
    textDecoration: 'none',
    _hover: { bg: 'bg.subtle' },
    _focusVisible: { outlineOffset: '-2px' },
  },
})
