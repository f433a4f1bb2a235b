import { parseSync } from 'rolldown/utils'
import { beforeAll, describe, expect, it } from 'vitest'

import { inlineStaticStyles, loadStyleFunctions, type StyleFunctions } from '#app/first-screen/build/static-styles'

// Decision 121: all-literal style calls become the class string Panda's runtime would have returned in the browser.
let functions: StyleFunctions
beforeAll(async () => {
  functions = await loadStyleFunctions()
})

function inline(code: string): string {
  return inlineStaticStyles(code, parseSync('module.js', code).program, functions)?.toString() ?? code
}

describe('inlineStaticStyles', () => {
  it('replaces a literal css() call by the classes the runtime gives, and drops the import it no longer needs', () => {
    const code = `import { css } from 'styled-system/css'
export const row = css({ display: 'flex', gap: '2', _hover: { bg: 'bg.muted' }, md: { px: '4' } })`
    const expected = functions.css.css as (style: object) => string
    const out = inline(code)
    expect(out).toBe(
      `\nexport const row = ${JSON.stringify(expected({ display: 'flex', gap: '2', _hover: { bg: 'bg.muted' }, md: { px: '4' } }))}`,
    )
    expect(out).toContain('"d_flex gap_2')
  })

  it('inlines patterns and recipes the same way', () => {
    const out = inline(`import { hstack } from 'styled-system/patterns'
import { button } from 'styled-system/recipes'
a(hstack({ gap: '3' }), button({ variant: 'secondary' }), button())`)
    expect(out).not.toContain('import')
    expect(out).toContain(JSON.stringify((functions.patterns.hstack as (s: object) => string)({ gap: '3' })))
    expect(out).toContain(JSON.stringify((functions.recipes.button as (s: object) => string)({ variant: 'secondary' })))
  })

  it('leaves a call with anything computed in it, and keeps the import that call needs', () => {
    const code = `import { css } from 'styled-system/css'
const a = css({ color: 'fg.muted' })
const b = css({ color: tone })
const c = css({ ...base, p: '2' })
const d = css({ w: \`\${pct}%\` })`
    const out = inline(code)
    expect(out).toContain(`import { css } from 'styled-system/css'`)
    expect(out).not.toContain(`css({ color: 'fg.muted' })`)
    expect(out).toContain('css({ color: tone })')
    expect(out).toContain(`css({ ...base, p: '2' })`)
    expect(out).toContain('css({ w: `${pct}%` })')
  })

  it('removes only the specifiers no longer used from an import of several', () => {
    const out = inline(`import { css, cx } from 'styled-system/css'
export const c = cx(css({ p: '2' }), other)`)
    expect(out).toMatch(/^import \{ cx \} from 'styled-system\/css'/)
    expect(out).toContain('cx("p_2", other)')
  })

  it('leaves a name the module declares again alone, and a slot recipe that returns an object', () => {
    const shadowed = `import { css } from 'styled-system/css'
export function f(css) { return css({ p: '2' }) }`
    expect(inline(shadowed)).toBe(shadowed)
    const slots = `import { dialog } from 'styled-system/recipes'
const styles = dialog()`
    expect(inline(slots)).toBe(slots)
  })

  it('changes nothing in a module that imports no style function', () => {
    const code = `import { useState } from 'react'\nconst css = (x) => x\ncss({ p: '2' })`
    expect(inlineStaticStyles(code, parseSync('m.js', code).program, functions)).toBeUndefined()
  })
})
