import { describe, expect, it } from 'vitest'

import { dropUnreadProperties } from '#app/first-screen/build/unread-properties'

// The shape of Panda's base preset output (decision 116): its every-element rule, a utility and the tokens.
const SHEET = `@layer base {
  *, ::before, ::after, ::backdrop {
    --blur: /*-*/ /*-*/;
    --translate-x: 0;
    --scroll-snap-strictness: proximity;
  }
  *, ::before, ::after { margin: 0; --ring: 1px; }
}
@layer tokens { :root { --colors-unused: red; --blurs-sm: 8px; } }
@layer utilities { .scroll-snap-x { scroll-snap-type: x var(--scroll-snap-strictness); } }`

describe('dropUnreadProperties', () => {
  it('drops the custom properties every element is given that no rule reads', () => {
    const css = dropUnreadProperties(SHEET)
    expect(css).not.toContain('--blur:')
    expect(css).not.toContain('--translate-x')
    expect(css).not.toContain('--ring')
    // A margin set on every element is a rule of the reset, not a property to drop.
    expect(css).toMatch(/\*, ::before, ::after \{\s*margin: 0;\s*\}/)
  })

  it('keeps a property a rule reads, and every other rule as it was', () => {
    const css = dropUnreadProperties(SHEET)
    expect(css).toContain('--scroll-snap-strictness: proximity')
    expect(css).toContain('scroll-snap-type: x var(--scroll-snap-strictness)')
    // Tokens are read by inline styles (token.var) the stylesheet cannot see: never touched.
    expect(css).toContain('--colors-unused: red')
    expect(css).toContain('--blurs-sm: 8px')
  })

  it('removes a rule left empty, and leaves a sheet without such properties unchanged', () => {
    const css = dropUnreadProperties('*, ::before { --a: 1; }\n.b { color: red }')
    expect(css).not.toContain('::before')
    expect(css).toContain('.b { color: red }')
    const plain = 'html { line-height: 1.5 }\n* { box-sizing: border-box }'
    expect(dropUnreadProperties(plain)).toBe(plain)
  })
})
