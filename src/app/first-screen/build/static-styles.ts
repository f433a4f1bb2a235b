import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

import MagicString from 'magic-string'
import type { ESTree } from 'rolldown/utils'
import type { Plugin } from 'vite'

/*
 * Decision 121: a `css({...})`, pattern (`stack({...})`) or recipe (`button({...})`) call whose arguments are all
 * literals is replaced at build time by the class string it returns. Panda's runtime computes that string in the
 * browser on every render: about 100 ms of main thread per warm load at 4× CPU, across the boot's long tasks, of
 * which about half goes with this (the calls that stay keep the rest). The CSS itself does not change: Panda
 * extracts it from the sources, not from the bundle. A call with anything computed in it (a variable, a condition, a
 * spread) stays a call, and so does every other use of the same function.
 */

/** The app's sources (src/app), the only modules whose calls are rewritten. */
const APP = resolve(import.meta.dirname, '../..')
const STYLED_SYSTEM = resolve(APP, '../../styled-system')
/** The styled-system modules whose functions return class strings, by the import path the app uses. */
const MODULES = ['css', 'patterns', 'recipes'] as const
type StyleModule = (typeof MODULES)[number]
export type StyleFunctions = Record<StyleModule, Record<string, unknown>>

/** Panda's own runtime, loaded in Node: the class strings are the ones the browser would have computed. */
export async function loadStyleFunctions(dir = STYLED_SYSTEM): Promise<StyleFunctions> {
  const entries = await Promise.all(
    MODULES.map(async (m) => [m, (await import(pathToFileURL(resolve(dir, m, 'index.mjs')).href)) as Record<string, unknown>]),
  )
  return Object.fromEntries(entries) as StyleFunctions
}

type Node = ESTree.Node & { start: number; end: number }
const NOT_STATIC = Symbol('not static')

/** The value of a literal expression (string, number, boolean, null, and objects and arrays of those), or NOT_STATIC. */
function literalValue(node: Node): unknown {
  switch (node.type) {
    case 'Literal':
      return node.value === null || ['string', 'number', 'boolean'].includes(typeof node.value) ? node.value : NOT_STATIC
    case 'TemplateLiteral':
      return node.expressions.length === 0 ? node.quasis[0]!.value.cooked : NOT_STATIC
    case 'UnaryExpression':
      return node.operator === '-' && node.argument.type === 'Literal' && typeof node.argument.value === 'number'
        ? -node.argument.value
        : NOT_STATIC
    case 'ArrayExpression': {
      const items = node.elements.map((e) => (e === null || e.type === 'SpreadElement' ? NOT_STATIC : literalValue(e as Node)))
      return items.includes(NOT_STATIC) ? NOT_STATIC : items
    }
    case 'ObjectExpression': {
      const object: Record<string, unknown> = {}
      for (const p of node.properties) {
        if (p.type !== 'Property' || p.kind !== 'init' || p.method || p.shorthand) return NOT_STATIC
        const key = p.key.type === 'Identifier' && !p.computed ? p.key.name : p.key.type === 'Literal' ? String(p.key.value) : undefined
        const value = literalValue(p.value as Node)
        if (key === undefined || value === NOT_STATIC) return NOT_STATIC
        object[key] = value
      }
      return object
    }
    default:
      return NOT_STATIC
  }
}

/** Calls `visit` on every node of the tree, parents first. */
function walk(node: unknown, visit: (node: Node) => void): void {
  if (Array.isArray(node)) {
    for (const child of node) walk(child, visit)
  } else if (node !== null && typeof node === 'object' && typeof (node as { type?: unknown }).type === 'string') {
    visit(node as Node)
    for (const [key, child] of Object.entries(node)) if (key !== 'type' && typeof child === 'object') walk(child, visit)
  }
}

/** The names a declaration, a function's parameters or a catch clause binds. */
function declaredNames(node: Node): string[] {
  switch (node.type) {
    case 'VariableDeclarator':
      return patternNames(node.id)
    case 'FunctionDeclaration':
    case 'FunctionExpression':
    case 'ArrowFunctionExpression':
      return [...(node.type !== 'ArrowFunctionExpression' && node.id ? [node.id.name] : []), ...node.params.flatMap(patternNames)]
    case 'ClassDeclaration':
      return node.id ? [node.id.name] : []
    case 'CatchClause':
      return node.param ? patternNames(node.param) : []
    default:
      return []
  }
}

function patternNames(pattern: ESTree.Node | null): string[] {
  switch (pattern?.type) {
    case 'Identifier':
      return [pattern.name]
    case 'ObjectPattern':
      return pattern.properties.flatMap((p) => patternNames(p.type === 'RestElement' ? p.argument : p.value))
    case 'ArrayPattern':
      return pattern.elements.flatMap((e) => patternNames(e))
    case 'AssignmentPattern':
      return patternNames(pattern.left)
    case 'RestElement':
      return patternNames(pattern.argument)
    case 'TSParameterProperty':
      return patternNames(pattern.parameter)
    default:
      return []
  }
}

function styleModule(source: string): StyleModule | undefined {
  return MODULES.find((m) => source === `styled-system/${m}`)
}

/**
 * The module with each all-literal style call replaced by its class string, and each import of a style function
 * it no longer calls removed; undefined when nothing changed.
 */
export function inlineStaticStyles(code: string, program: ESTree.Program, functions: StyleFunctions): MagicString | undefined {
  // Local name → the style function it imports.
  const imported = new Map<string, (...args: unknown[]) => unknown>()
  const specifiers = new Map<string, { declaration: Node; specifier: Node }>()
  for (const statement of program.body) {
    const module = statement.type === 'ImportDeclaration' ? styleModule(statement.source.value) : undefined
    if (!module || statement.type !== 'ImportDeclaration') continue
    for (const s of statement.specifiers) {
      if (s.type !== 'ImportSpecifier' || s.importKind === 'type') continue
      const name = s.imported.type === 'Identifier' ? s.imported.name : s.imported.value
      const fn = functions[module][name]
      // cva and sva return functions; cx joins strings it is given and costs nothing.
      if (typeof fn !== 'function' || ['cva', 'sva', 'cx'].includes(name)) continue
      imported.set(s.local.name, fn as (...args: unknown[]) => unknown)
      specifiers.set(s.local.name, { declaration: statement as Node, specifier: s as Node })
    }
  }
  if (imported.size === 0) return undefined

  // A name declared again anywhere in the module (a parameter, a variable) may not be the import: left alone.
  const body = program.body.filter((statement) => statement.type !== 'ImportDeclaration')
  const references = new Map<string, number>()
  walk(body, (node) => {
    for (const name of declaredNames(node)) imported.delete(name)
    if (node.type === 'Identifier' && imported.has(node.name)) references.set(node.name, (references.get(node.name) ?? 0) + 1)
  })

  const out = new MagicString(code)
  const inlined = new Map<string, number>()
  walk(body, (node) => {
    if (node.type !== 'CallExpression' || node.callee.type !== 'Identifier' || node.optional) return
    const fn = imported.get(node.callee.name)
    if (!fn) return
    const args = node.arguments.map((a) => (a.type === 'SpreadElement' ? NOT_STATIC : literalValue(a as Node)))
    if (args.includes(NOT_STATIC)) return
    const result = fn(...args)
    if (typeof result !== 'string') return
    out.overwrite(node.start, node.end, JSON.stringify(result))
    inlined.set(node.callee.name, (inlined.get(node.callee.name) ?? 0) + 1)
  })
  if (inlined.size === 0) return undefined

  // Each import now used only by inlined calls goes: the module is left with no reference to it.
  const unused = [...inlined].filter(([name, count]) => references.get(name) === count).map(([name]) => name)
  const byDeclaration = new Map<Node, string[]>()
  for (const name of unused) {
    const { declaration } = specifiers.get(name)!
    byDeclaration.set(declaration, [...(byDeclaration.get(declaration) ?? []), name])
  }
  for (const [declaration, names] of byDeclaration) {
    const all = (declaration as ESTree.ImportDeclaration).specifiers
    const kept = all.filter((s) => !names.includes(s.local.name))
    if (kept.length === 0) out.remove(declaration.start, declaration.end)
    else for (const name of names) removeSpecifier(out, code, specifiers.get(name)!.specifier)
  }
  return out
}

/** Removes one specifier of `import { a, b } from …` with the comma after it (or before it, for the last). */
function removeSpecifier(out: MagicString, code: string, specifier: Node): void {
  const after = /^\s*,\s*/.exec(code.slice(specifier.end))
  const before = after ? undefined : /,\s*$/.exec(code.slice(0, specifier.start))
  out.remove(specifier.start - (before?.[0].length ?? 0), specifier.end + (after?.[0].length ?? 0))
}

/** The build's plugin: every module of the app, route-split pieces included, after TypeScript and JSX are compiled. */
export function staticStyles(): Plugin {
  let functions: StyleFunctions
  let rewritten = 0
  return {
    name: 'vbo:static-styles',
    apply: 'build',
    async buildStart() {
      functions = await loadStyleFunctions()
      rewritten = 0
    },
    transform(code, id) {
      if (!code.includes('styled-system/') || !id.startsWith(APP)) return
      const result = inlineStaticStyles(code, this.parse(code), functions)
      if (!result) return
      rewritten++
      return { code: result.toString(), map: result.generateMap({ hires: 'boundary', source: id }) }
    },
    buildEnd(error) {
      // A path that no longer matches the app's modules (this file moved, APP wrong) would ship every call unrewritten
      // and only the bundle budgets would notice: said here instead, by name.
      if (!error && rewritten === 0) this.error(`static styles: no module under ${APP} was rewritten (decision 121)`)
    },
  }
}
