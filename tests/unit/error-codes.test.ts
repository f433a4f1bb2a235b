import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'

import { describe, expect, it } from 'vitest'

import { ERROR_CODES } from '#contract/error-codes'

/*
 * The types already refuse an undeclared code in `new ApiError(...)`. This reads the server's source instead, so a
 * code cannot slip past them (a cast, an `any`, a hand-written `c.json`) and the table cannot keep codes nobody
 * sends. It finds each code where it is written: the second argument of `new ApiError(`, or, when that argument is
 * a parameter, the arguments of every call to the helper that passes it on (and the helper's default).
 */

const SERVER = resolve(import.meta.dirname, '../../src/server')
const CODE = /'([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)'/g

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return entry.name.endsWith('.ts') ? [path] : []
  })
}

/** The top-level arguments of the call whose '(' is at `open`, as source text. */
function callArguments(text: string, open: number): string[] {
  const args: string[] = []
  let depth = 0
  let start = open + 1
  for (let i = open; i < text.length; i++) {
    const ch = text[i]!
    if (ch === "'" || ch === '"' || ch === '`') {
      // Skip the string (a template's ${…} holds no top-level comma or paren of this call).
      for (i++; i < text.length && text[i] !== ch; i++) if (text[i] === '\\') i++
      continue
    }
    if (ch === '(' || ch === '[' || ch === '{') depth++
    else if (ch === ')' || ch === ']' || ch === '}') {
      depth--
      if (depth === 0) {
        args.push(text.slice(start, i))
        return args
      }
    } else if (ch === ',' && depth === 1) {
      args.push(text.slice(start, i))
      start = i + 1
    }
  }
  throw new Error(`unbalanced call at ${open}`)
}

const literals = (source: string) => [...source.matchAll(CODE)].map((m) => m[1]!)

function codesTheServerSends() {
  const files = sourceFiles(SERVER).map((path) => ({ path, text: readFileSync(path, 'utf8') }))
  const found = new Map<string, string>()
  const note = (code: string, path: string) => found.set(code, relative(SERVER, path))
  // errorBody(code, message) writes an error envelope by hand, without an ApiError.
  const helpers = new Set<string>(['errorBody'])

  for (const { path, text } of files) {
    for (const m of text.matchAll(/new ApiError\(/g)) {
      const code = callArguments(text, m.index + m[0].length - 1)[1] ?? ''
      const written = literals(code)
      if (written.length) for (const c of written) note(c, path)
      else {
        // A parameter: the helper this `new ApiError` is in is where its callers write the code.
        const before = text.slice(0, m.index)
        const helper = [...before.matchAll(/(?:const|function)\s+(\w+)/g)].at(-1)?.[1]
        if (!helper) throw new Error(`${relative(SERVER, path)}: new ApiError with a computed code outside a helper`)
        helpers.add(helper)
      }
    }
  }
  for (const helper of helpers) {
    for (const { path, text } of files) {
      for (const m of text.matchAll(new RegExp(`\\b${helper}\\s*(?:=\\s*)?\\(`, 'g'))) {
        for (const arg of callArguments(text, m.index + m[0].length - 1)) for (const c of literals(arg)) note(c, path)
      }
    }
  }
  return { found, helpers }
}

describe('ERROR_CODES', () => {
  const { found, helpers } = codesTheServerSends()

  it('finds the codes the server sends, through the helpers that pass one on', () => {
    expect(found.size).toBeGreaterThan(60)
    expect([...helpers]).toEqual(expect.arrayContaining(['errorBody', 'invalidCode', 'fieldError', 'gone']))
    expect(found.get('CODE_BURNED')).toBe('auth/codes.ts')
    expect(found.get('UNKNOWN_BANK')).toBe('money/name-enquiry.ts')
    expect(found.get('URL_TAKEN')).toBe('onboarding/shop.ts')
    expect(found.has('INTERNAL')).toBe(true)
  })

  it('declares every code the server sends', () => {
    const undeclared = [...found].filter(([code]) => !(code in ERROR_CODES)).map(([code, file]) => `${code} (${file})`)
    expect(undeclared).toEqual([])
  })

  it('declares no code the server does not send', () => {
    expect(Object.keys(ERROR_CODES).filter((code) => !found.has(code))).toEqual([])
  })

  it('says in one line what each code means', () => {
    for (const [code, meaning] of Object.entries(ERROR_CODES)) {
      expect(meaning, code).toMatch(/^\S.{9,}$/)
      expect(meaning, code).not.toContain('\n')
    }
  })
})
