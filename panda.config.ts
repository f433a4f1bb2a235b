import { defineConfig, defineGlobalStyles } from '@pandacss/dev'

import { badge, button, card, input, listRow } from './src/app/ui/theme/recipes'
import { dialog, field, pinInput, sheet, toast } from './src/app/ui/theme/slot-recipes'
import { keyframes, semanticTokens, textStyles, tokens } from './src/app/ui/theme/tokens'

const globalCss = defineGlobalStyles({
  html: {
    // The 16px base every rem is measured from; respecting the user's own text size setting.
    fontSize: '100%',
    colorScheme: 'light',
    WebkitTextSizeAdjust: '100%',
    textSizeAdjust: '100%',
  },
  body: {
    fontFamily: 'body',
    textStyle: 'body.md',
    color: 'fg.default',
    bg: 'bg.canvas',
    minH: '100dvh',
    WebkitFontSmoothing: 'antialiased',
    WebkitTapHighlightColor: 'transparent',
  },
  // Any focusable element without its own focus style still shows where keyboard focus is.
  ':focus-visible': { outline: '2px solid', outlineColor: 'accent.focusRing', outlineOffset: '2px' },
  '@media (prefers-reduced-motion: reduce)': {
    '*, *::before, *::after': {
      // Not 0: Ark waits for `animationend` before unmounting a closing dialog.
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
      scrollBehavior: 'auto !important',
    },
  },
})

export default defineConfig({
  preflight: true,
  include: ['./src/app/**/*.{ts,tsx}'],
  exclude: [],
  jsxFramework: 'react',
  outdir: 'styled-system',
  globalCss,
  conditions: {
    extend: {
      // The base preset also matches `:invalid`, which paints every empty required input red before the user
      // has typed anything. Only what the form marks as invalid is shown as invalid.
      invalid: '&:is([data-invalid], [aria-invalid=true])',
    },
  },
  theme: {
    extend: {
      tokens,
      semanticTokens,
      textStyles,
      keyframes,
      recipes: { button, input, badge, card, listRow },
      slotRecipes: { sheet, dialog, field, pinInput, toast },
    },
  },
})
