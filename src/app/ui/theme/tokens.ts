import { defineKeyframes, defineSemanticTokens, defineTextStyles, defineTokens } from '@pandacss/dev'

// Raw palette. Screens never use these directly: they use the semantic tokens below, so that a colour means
// the same thing everywhere (accent = act, danger = money lost or failed, warning = waiting, success = done).
export const tokens = defineTokens({
  colors: {
    brand: {
      50: { value: '#e7f4ef' },
      100: { value: '#c4e5d8' },
      200: { value: '#9dd4bf' },
      300: { value: '#6ec0a1' },
      400: { value: '#3aa880' },
      500: { value: '#158f67' },
      600: { value: '#0b6e4f' },
      700: { value: '#095c42' },
      800: { value: '#074a35' },
      900: { value: '#053826' },
    },
  },
  fonts: {
    // System fonts: nothing to download on a slow connection, and they render naira and digits well.
    body: {
      value:
        'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"',
    },
    mono: { value: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace' },
  },
  sizes: {
    // WCAG 2.5.5 / platform guidance: anything tappable is at least 44 × 44 CSS px.
    touch: { value: '2.75rem' },
  },
  zIndex: {
    base: { value: 0 },
    sticky: { value: 100 },
    overlay: { value: 1000 },
    modal: { value: 1100 },
    toast: { value: 1200 },
  },
  durations: {
    fast: { value: '120ms' },
    normal: { value: '200ms' },
    slow: { value: '300ms' },
  },
  easings: {
    emphasized: { value: 'cubic-bezier(0.2, 0, 0, 1)' },
  },
})

export const semanticTokens = defineSemanticTokens({
  colors: {
    fg: {
      default: { value: '{colors.gray.900}' },
      muted: { value: '{colors.gray.600}' },
      // 4.5:1 on white; use for placeholders and hints, not for anything a user must read to act.
      subtle: { value: '{colors.gray.500}' },
      disabled: { value: '{colors.gray.400}' },
      onAccent: { value: '{colors.white}' },
    },
    bg: {
      canvas: { value: '#f6f7f9' },
      surface: { value: '{colors.white}' },
      subtle: { value: '{colors.gray.50}' },
      muted: { value: '{colors.gray.100}' },
      emphasized: { value: '{colors.gray.200}' },
      overlay: { value: 'rgba(17, 24, 39, 0.5)' },
    },
    border: {
      default: { value: '{colors.gray.200}' },
      // Input edges need 3:1 against white (WCAG 1.4.11); gray.400 is only 2.5:1.
      strong: { value: '#858b96' },
    },
    accent: {
      default: { value: '{colors.brand.600}' },
      emphasized: { value: '{colors.brand.700}' },
      pressed: { value: '{colors.brand.800}' },
      subtle: { value: '{colors.brand.50}' },
      muted: { value: '{colors.brand.100}' },
      fg: { value: '{colors.brand.700}' },
      focusRing: { value: '{colors.brand.600}' },
    },
    danger: {
      default: { value: '{colors.red.700}' },
      emphasized: { value: '{colors.red.800}' },
      subtle: { value: '{colors.red.50}' },
      muted: { value: '{colors.red.200}' },
      fg: { value: '{colors.red.700}' },
    },
    success: {
      default: { value: '{colors.green.700}' },
      subtle: { value: '{colors.green.50}' },
      muted: { value: '{colors.green.200}' },
      fg: { value: '{colors.green.800}' },
    },
    warning: {
      default: { value: '{colors.amber.500}' },
      subtle: { value: '{colors.amber.50}' },
      muted: { value: '{colors.amber.200}' },
      fg: { value: '{colors.amber.800}' },
    },
    info: {
      default: { value: '{colors.blue.700}' },
      subtle: { value: '{colors.blue.50}' },
      muted: { value: '{colors.blue.200}' },
      fg: { value: '{colors.blue.800}' },
    },
    neutral: {
      subtle: { value: '{colors.gray.100}' },
      muted: { value: '{colors.gray.300}' },
      fg: { value: '{colors.gray.700}' },
    },
  },
  radii: {
    control: { value: '{radii.lg}' },
    card: { value: '{radii.xl}' },
    sheet: { value: '{radii.2xl}' },
    pill: { value: '{radii.full}' },
  },
  shadows: {
    card: { value: '0 1px 2px rgba(16, 24, 40, 0.06), 0 1px 3px rgba(16, 24, 40, 0.08)' },
    raised: { value: '0 4px 8px -2px rgba(16, 24, 40, 0.1), 0 2px 4px -2px rgba(16, 24, 40, 0.06)' },
    overlay: { value: '0 20px 24px -4px rgba(16, 24, 40, 0.12), 0 8px 8px -4px rgba(16, 24, 40, 0.05)' },
  },
})

export const textStyles = defineTextStyles({
  'title.lg': { value: { fontSize: '1.5rem', lineHeight: '2rem', fontWeight: '700', letterSpacing: '-0.01em' } },
  'title.md': { value: { fontSize: '1.125rem', lineHeight: '1.625rem', fontWeight: '600' } },
  'title.sm': { value: { fontSize: '1rem', lineHeight: '1.5rem', fontWeight: '600' } },
  'body.md': { value: { fontSize: '1rem', lineHeight: '1.5rem', fontWeight: '400' } },
  'body.sm': { value: { fontSize: '0.875rem', lineHeight: '1.25rem', fontWeight: '400' } },
  label: { value: { fontSize: '0.875rem', lineHeight: '1.25rem', fontWeight: '500' } },
  caption: { value: { fontSize: '0.75rem', lineHeight: '1rem', fontWeight: '500' } },
  // Amounts line up in columns and never reflow digit by digit while a balance refreshes.
  amount: { value: { fontVariantNumeric: 'tabular-nums', fontWeight: '600' } },
  'amount.lg': {
    value: { fontSize: '1.75rem', lineHeight: '2.25rem', fontWeight: '700', fontVariantNumeric: 'tabular-nums' },
  },
})

export const keyframes = defineKeyframes({
  'fade-in': { from: { opacity: '0' }, to: { opacity: '1' } },
  'fade-out': { from: { opacity: '1' }, to: { opacity: '0' } },
  'slide-in-bottom': { from: { transform: 'translateY(100%)' }, to: { transform: 'translateY(0)' } },
  'slide-out-bottom': { from: { transform: 'translateY(0)' }, to: { transform: 'translateY(100%)' } },
  'slide-in-right': { from: { transform: 'translateX(100%)' }, to: { transform: 'translateX(0)' } },
  'slide-out-right': { from: { transform: 'translateX(0)' }, to: { transform: 'translateX(100%)' } },
  'scale-in': { from: { opacity: '0', transform: 'scale(0.96)' }, to: { opacity: '1', transform: 'scale(1)' } },
  'scale-out': { from: { opacity: '1', transform: 'scale(1)' }, to: { opacity: '0', transform: 'scale(0.96)' } },
  'toast-in': { from: { opacity: '0', transform: 'translateY(-8px)' }, to: { opacity: '1', transform: 'none' } },
  shimmer: { from: { backgroundPosition: '200% 0' }, to: { backgroundPosition: '-200% 0' } },
})
