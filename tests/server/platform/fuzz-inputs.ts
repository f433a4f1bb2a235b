import { getQueryParam } from 'hono/utils/url'
import * as v from 'valibot'

import type { EndpointDef } from '#contract/endpoint'

/*
 * The fuzz suite's inputs (fuzz.test.ts, issue 8): a fixed catalogue of nasty values (wrong types, huge and
 * empty strings, negative, fractional and unsafe numbers, unicode, SQL and HTML metacharacters, prototype keys)
 * thrown at one field at a time of a valid example, plus whole-body nastiness (not JSON, not an object, nested
 * without end, over the size limit). A seeded PRNG picks which values go where, so every run sends the same
 * requests, and each endpoint gets a fixed number of cases.
 */

export const FUZZ_SEED = 0x5eed_2026

/** mulberry32: small, fast and the same on every machine. */
export class Rng {
  private state: number
  constructor(seed: number) {
    this.state = seed >>> 0
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  int(n: number): number {
    return Math.floor(this.next() * n)
  }
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items]
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(i + 1)
      ;[out[i], out[j]] = [out[j]!, out[i]!]
    }
    return out
  }
}

/** FNV-1a of a name, mixed with the suite's seed: each endpoint's cases depend only on its name. */
export function seedFor(name: string): number {
  let hash = 0x811c9dc5 ^ FUZZ_SEED
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193)
  return hash >>> 0
}

/** A number JSON.stringify cannot write but a raw body can: 1e999 parses to Infinity, -0 to minus zero. */
export class RawNumber {
  constructor(readonly text: string) {}
}

/** A file part of a multipart body. */
export class FilePart {
  constructor(
    readonly bytes: Uint8Array,
    readonly type: string,
    readonly name: string,
  ) {}
  toFile(): File {
    return new File([Uint8Array.from(this.bytes)], this.name, { type: this.type })
  }
}

export type Value = null | boolean | number | string | RawNumber | FilePart | Value[] | { [key: string]: Value }

interface Nasty {
  label: string
  value: Value
}
const n = (label: string, value: Value): Nasty => ({ label, value })

function deeplyNested(depth: number): Value {
  let value: Value = 'bottom'
  for (let i = 0; i < depth; i++) value = { a: value }
  return value
}

export const STRINGS: readonly Nasty[] = [
  n('empty string', ''),
  n('blank string', '   '),
  n('control characters', '\t\r\n\v\f\u0007'),
  n('huge string', 'A'.repeat(100_000)),
  n('SQL quote', "' OR '1'='1"),
  n('SQL statement', "x'); DROP TABLE vendors; --"),
  n('LIKE wildcards', '%_%\\'),
  n('quotes and backslashes', '\\\'"`'),
  n('HTML script', '<script>alert(1)</script>'),
  n('HTML attribute', '"><img src=x onerror=alert(1)>'),
  n('template syntax', '{{7*7}}${7*7}<%= 7*7 %>'),
  n('path traversal', '../../../../etc/passwd'),
  n('NUL character', 'a\u0000b'),
  n('percent escapes', '%00%ZZ%'),
  n('emoji and tones', 'Ńgọ́zí Ẹ̀zẹ́ 🍲👩🏾‍🍳'),
  n('right-to-left override', '\u202Egnp.exe'),
  n('zero-width characters', '\u200B\u200D\uFEFF'),
  n('lone surrogate', '\uD800x'),
  n('combining marks', `e${'\u0301'.repeat(200)}`),
  n('numeric text', '100'),
  n('negative text', '-1'),
  n('overflowing text', '1e309'),
  n('impossible date', '2026-02-30'),
  n('far future instant', '9999-12-31T23:59:59.999Z'),
  n('prototype key text', '__proto__'),
  n('boolean text', 'true'),
  n('JSON text', '{"a":1}'),
]

/** Query strings carry numbers and booleans as text: these too. */
export const QUERY_STRINGS: readonly Nasty[] = [
  ...STRINGS,
  n('fraction text', '1.5'),
  n('NaN text', 'NaN'),
  n('twenty nines', '99999999999999999999'),
  n('largest safe integer text', '9007199254740991'),
  n('hex text', '0x1F'),
]

/** Kobo and counts: negative, fractional, unsafe, infinite. */
export const NUMBERS: readonly Nasty[] = [
  n('zero', 0),
  n('minus one', -1),
  n('negative kobo', -100_00),
  n('half a kobo', 0.5),
  n('fractional kobo', 100.01),
  n('negative fraction', -0.5),
  n('unsafe integer', 2 ** 53 + 2),
  n('negative unsafe integer', -(2 ** 53) - 2),
  n('1e21', 1e21),
  n('largest double', Number.MAX_VALUE),
  n('Infinity', new RawNumber('1e999')),
  n('-Infinity', new RawNumber('-1e999')),
  n('largest safe integer', Number.MAX_SAFE_INTEGER),
  n('minus zero', new RawNumber('-0')),
]

export const SHAPES: readonly Nasty[] = [
  n('null', null),
  n('true', true),
  n('empty list', []),
  n('list of null', [null]),
  n('empty object', {}),
  n('__proto__ object', JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}') as Value),
  n('nested 2,000 deep', deeplyNested(2000)),
  n(
    'list of 10,000',
    Array.from({ length: 10_000 }, () => 0),
  ),
  n(
    'list of huge strings',
    Array.from({ length: 5 }, () => 'B'.repeat(50_000)),
  ),
]

const PNG_BYTES = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'),
)
const text = (s: string) => new TextEncoder().encode(s)
export const PNG_FILE = new FilePart(PNG_BYTES, 'image/png', 'photo.png')
export const PDF_FILE = new FilePart(text('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'), 'application/pdf', 'id.pdf')

/** What goes where a file belongs. */
export const FILES: readonly Nasty[] = [
  n('text instead of a file', 'hello'),
  n('JSON list instead of a file', '["photo.png"]'),
  n('HTML file', [new FilePart(text('<script>alert(1)</script>'), 'text/html', 'x.html')]),
  n('HTML bytes declared as PNG', [new FilePart(text('<html><script>alert(1)</script>'), 'image/png', 'x.png')]),
  n('empty file', [new FilePart(new Uint8Array(0), 'image/png', 'empty.png')]),
  n('SVG with a script', [new FilePart(text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'image/svg+xml', 'x.svg')]),
  n('executable', [new FilePart(text('MZ\u0090\u0000'), 'application/x-msdownload', 'x.exe')]),
  n('traversal file name', [new FilePart(PNG_BYTES, 'image/png', '../../../etc/passwd.png')]),
  n('unicode file name', [new FilePart(PNG_BYTES, 'image/png', '\u202Egnp.exe 🍲.png')]),
  n(
    'six files',
    Array.from({ length: 6 }, () => PNG_FILE),
  ),
  n('a PDF', [PDF_FILE]),
]

const FILE_POOL: readonly Nasty[] = [...FILES, ...SHAPES.filter((x) => ['null', 'empty list', 'empty object'].includes(x.label))]

/** Every value of the catalogue, by label. */
export const CATALOGUE_LABELS = [...new Set([...QUERY_STRINGS, ...NUMBERS, ...SHAPES, ...FILES].map((x) => x.label))]

const pick = (from: readonly Nasty[], labels: string[]) => from.filter((x) => labels.includes(x.label))

/** The values thrown at a field, chosen by what the valid example holds there. */
function poolFor(example: Value | undefined, kind: 'json' | 'multipart' | 'query'): readonly Nasty[] {
  if (kind === 'query') return QUERY_STRINGS
  const files = kind === 'multipart' ? [n('file in a text field', [PNG_FILE])] : []
  if (example instanceof FilePart || (Array.isArray(example) && example[0] instanceof FilePart)) return FILE_POOL
  if (typeof example === 'number') {
    return [
      ...NUMBERS,
      ...pick(STRINGS, ['empty string', 'numeric text', 'negative text', 'overflowing text']),
      ...pick(SHAPES, ['null', 'true', 'empty list', 'empty object']),
      ...files,
    ]
  }
  if (typeof example === 'string') return [...STRINGS, ...pick(NUMBERS, ['zero', 'minus one', 'half a kobo']), ...SHAPES, ...files]
  if (typeof example === 'boolean') {
    return [
      ...SHAPES.filter((x) => x.value !== true),
      ...pick(STRINGS, ['boolean text', 'empty string', 'numeric text']),
      ...pick(NUMBERS, ['zero', 'minus one']),
      ...files,
    ]
  }
  return [
    ...SHAPES,
    ...pick(STRINGS, ['empty string', 'huge string', 'JSON text', 'SQL quote']),
    ...pick(NUMBERS, ['minus one', 'Infinity']),
    ...files,
  ]
}

/**
 * Whole-body and whole-query cases: a few go to every endpoint, the rest (the same parser answers them for every
 * endpoint) are shared out, this many to each endpoint, picked by rng.
 */
const WHOLE_BODY_SAMPLE = 3
const WHOLE_QUERY_SAMPLE = 1

/** `count` of the named cases, picked by rng; only those are built (some are a megabyte). */
function sample(rng: Rng, count: number, makers: Record<string, () => Omit<FuzzCase, 'label'>>): FuzzCase[] {
  return rng
    .shuffle(Object.keys(makers))
    .slice(0, count)
    .map((label) => ({ label, ...makers[label]!() }))
}

/** Every whole-body and whole-query case that is shared out (fuzz.test.ts checks each reaches several endpoints). */
export const SHARED_WHOLE_LABELS = [
  'body: empty',
  'body: a list',
  'body: a string',
  'body: a number',
  'body: trailing garbage',
  'body: 20,000 nested lists',
  'body: every field null',
  'body: every field a huge string',
  'body: byte-order mark',
  'body: 10,000 unknown fields',
  'body: sent as text/plain',
  'query: a key twice, valid then nasty',
  'query: malformed escapes',
  'query: bracket keys',
  'query: 200,000 characters',
]

/** One request's input. Exactly one of rawBody/form/nothing; query is the raw query string without '?'. */
export interface FuzzCase {
  label: string
  query?: string
  rawBody?: string
  /** Multipart parts in order (a name may repeat). */
  form?: [string, string | FilePart][]
  /** Content-Type of a rawBody; application/json unless told, none for null. */
  contentType?: string | null
  headers?: Record<string, string>
  /** The top-level field the case is about, when it is about one. */
  field?: string
  /** Answer expected from the body limit. */
  tooLarge?: boolean
}

/** An endpoint's valid input: the query as strings, the body as values (FilePart lists for files). */
export interface Example {
  query?: Record<string, string>
  body?: Record<string, unknown>
}

const SENTINEL = '\u0001raw\u0001'

/** JSON text of a value, writing RawNumbers as themselves (1e999, -0) and without FileParts (never in JSON bodies). */
export function toJsonText(value: Value): string {
  const raws: string[] = []
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (item instanceof RawNumber) {
      raws.push(item.text)
      return `${SENTINEL}${raws.length - 1}`
    }
    if (item instanceof FilePart) return item.name
    return item
  })
  return text.replace(/"\\u0001raw\\u0001(\d+)"/g, (_m, index: string) => raws[Number(index)]!)
}

/** What JSON.parse makes of toJsonText(value), without the round trip (huge values make it slow). */
function jsonView(value: Value): unknown {
  if (value instanceof RawNumber) return Number(value.text)
  if (value instanceof FilePart) return value.name
  if (Array.isArray(value)) return value.map(jsonView)
  if (value === null || typeof value !== 'object') return value
  const out: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value))
    Object.defineProperty(out, key, { value: jsonView(item), enumerable: true, writable: true, configurable: true })
  return out
}

type Path = (string | number)[]

/** Paths of the example's fields: every top-level key and the leaves below (first list element only), 3 deep. */
function leafPaths(value: Value, path: Path, depth: number, out: Path[]): void {
  if (depth > 0) out.push(path)
  if (depth >= 3 || value === null || typeof value !== 'object' || value instanceof FilePart || value instanceof RawNumber) return
  if (Array.isArray(value)) {
    if (value.length && !(value[0] instanceof FilePart)) leafPaths(value[0]!, [...path, 0], depth + 1, out)
    return
  }
  for (const [key, item] of Object.entries(value)) leafPaths(item, [...path, key], depth + 1, out)
}

function clone(value: Value): Value {
  if (value === null || typeof value !== 'object' || value instanceof FilePart || value instanceof RawNumber) return value
  if (Array.isArray(value)) return value.map(clone)
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, clone(item)]))
}

function valueAt(root: Value, path: Path): Value | undefined {
  let at: Value | undefined = root
  for (const segment of path) at = at && typeof at === 'object' ? (at as Record<string | number, Value>)[segment] : undefined
  return at
}

/** A copy of root with the value at path replaced, or removed when value is undefined. */
function withValue(root: Value, path: Path, value: Value | undefined): Value {
  const copy = clone(root)
  let parent = copy as Record<string | number, Value>
  for (const segment of path.slice(0, -1)) parent = parent[segment] as Record<string | number, Value>
  const last = path.at(-1)!
  if (value === undefined) {
    if (Array.isArray(parent)) parent.splice(last as number, 1)
    else delete parent[last]
  } else {
    parent[last] = value
  }
  return copy
}

/** Top-level keys of an object schema (through pipes: v.pipe keeps the object's entries). */
export function entriesOf(schema: unknown): string[] {
  const entries = (schema as { entries?: Record<string, unknown> } | undefined)?.entries
  return entries ? Object.keys(entries) : []
}

interface Mutation {
  label: string
  field: string
  value: Value
}

/** Per field: values the contract accepts there (they reach the handler) and values it refuses. */
const ACCEPTED_PER_FIELD = 3
const REFUSED_PER_FIELD = 2

/**
 * One-field mutations of the example. Each field is removed; a number field (kobo, counts) gets every nasty number
 * and a file field every nasty file; then each field gets ACCEPTED_PER_FIELD more values of its pool that the
 * contract accepts there (`accepts`, the local oracle: those reach the handler, where the bugs are) and
 * REFUSED_PER_FIELD that it refuses, picked by rng. Over the suite every value of the catalogue goes to several
 * endpoints (fuzz.test.ts checks how many).
 */
function fieldMutations(
  rng: Rng,
  example: Record<string, Value>,
  schema: unknown,
  kind: 'json' | 'multipart' | 'query',
  accepts: (input: Value) => boolean,
): Mutation[] {
  const paths: Path[] = []
  leafPaths(example, [], 0, paths)
  for (const key of entriesOf(schema)) if (!(key in example)) paths.push([key])
  const out: Mutation[] = []
  const mutate = (path: Path, nasty: Nasty, value: Value) => {
    out.push({ label: `${path.join('.')} = ${nasty.label}`, field: String(path[0]), value })
  }
  for (const path of rng.shuffle(paths)) {
    const current = valueAt(example, path)
    if (current !== undefined)
      out.push({ label: `${path.join('.')} missing`, field: String(path[0]), value: withValue(example, path, undefined) })
    const pool = poolFor(current, kind)
    // Number fields (kobo) get every nasty number, file fields every nasty file: few fields take them.
    const whole = pool === FILE_POOL ? FILES : typeof current === 'number' ? NUMBERS : []
    let accepted = 0
    let refused = 0
    for (const nasty of [...whole, ...rng.shuffle(pool.filter((x) => !whole.includes(x)))]) {
      const value = withValue(example, path, nasty.value)
      if (whole.includes(nasty) || (accepts(value) ? accepted++ < ACCEPTED_PER_FIELD : refused++ < REFUSED_PER_FIELD))
        mutate(path, nasty, value)
    }
  }
  return out
}

/** Percent-encoding as a client would send it; a lone surrogate (which no UTF-8 can hold) goes as its raw bytes. */
function encode(text: string): string {
  return text
    .split(/([\uD800-\uDFFF])/)
    .map((part) => (/^[\uD800-\uDFFF]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('')
}

function queryString(pairs: [string, string][]): string {
  return pairs.map(([key, value]) => `${encode(key)}=${encode(value)}`).join('&')
}

function queryPairs(query: Value): [string, string][] {
  if (query === null || typeof query !== 'object' || Array.isArray(query)) return []
  return Object.entries(query).flatMap(([key, value]) => {
    if (value === undefined) return []
    if (typeof value === 'string') return [[key, value] as [string, string]]
    if (Array.isArray(value)) return value.map((item) => [key, typeof item === 'string' ? item : toJsonText(item)] as [string, string])
    return [[key, value instanceof RawNumber ? value.text : toJsonText(value)] as [string, string]]
  })
}

/** The fuzz cases of one endpoint, fixed by its name and the suite's seed. */
export function casesFor(name: string, e: EndpointDef, example: Example): FuzzCase[] {
  const rng = new Rng(seedFor(name))
  const cases: FuzzCase[] = []
  const exampleQuery = example.query ?? {}
  const baseQuery = queryString(Object.entries(exampleQuery))

  // Queries: one field at a time, then the query as a whole.
  if (e.query) {
    for (const m of fieldMutations(rng, exampleQuery, e.query, 'query', (query) => !breaks(e.query, firstValues(queryPairs(query))))) {
      cases.push({ label: `query ${m.label}`, query: queryString(queryPairs(m.value)), field: m.field })
    }
    const firstKey = Object.keys(exampleQuery)[0] ?? entriesOf(e.query)[0] ?? 'page'
    cases.push(
      { label: 'query: none at all', query: '' },
      { label: 'query: prototype keys', query: `__proto__=x&constructor=y&${baseQuery}&__proto__[polluted]=1` },
      { label: 'query: a key twice, nasty first', query: `${encodeURIComponent(firstKey)}=-1.5&${baseQuery}`, field: firstKey },
      ...sample(rng, WHOLE_QUERY_SAMPLE, {
        'query: a key twice, valid then nasty': () => ({
          query: `${baseQuery}&${encodeURIComponent(firstKey)}=%3Cscript%3E`,
          field: firstKey,
        }),
        'query: malformed escapes': () => ({ query: `${encodeURIComponent(firstKey)}=%E0%A4%A&%=%&${baseQuery}` }),
        'query: bracket keys': () => ({ query: `${encodeURIComponent(firstKey)}[]=1&${encodeURIComponent(firstKey)}[a]=2` }),
        'query: 200,000 characters': () => ({ query: `${baseQuery}&junk=${'q'.repeat(200_000)}` }),
      }),
    )
  } else {
    cases.push({ label: 'query where none is taken', query: '__proto__=1&page=-1&x=%3Cscript%3E' })
  }

  if (e.method === 'GET') return cases
  const exampleBody = (example.body ?? {}) as Record<string, Value>
  const limit = e.maxBodyBytes ?? 1024 * 1024

  if (!e.body) {
    cases.push({ label: 'a body where none is taken', rawBody: '{"__proto__":{"polluted":true},"x":"<script>"}' })
    return cases.map((c) => ({ ...c, query: c.query ?? baseQuery }))
  }

  if (e.bodyType === 'multipart') {
    const parts = (body: Value): [string, string | FilePart][] =>
      Object.entries(body as Record<string, Value>).flatMap(([key, value]): [string, string | FilePart][] => {
        if (Array.isArray(value) && value.length && value.every((item) => item instanceof FilePart)) {
          return value.map((file) => [key, file] as [string, FilePart])
        }
        if (value instanceof FilePart) return [[key, value] as [string, FilePart]]
        // A text where a file goes is sent as plain text, the way a careless client would.
        return [
          [key, typeof value === 'string' && Array.isArray(valueAt(exampleBody, [key])) ? value : toJsonText(value)] as [string, string],
        ]
      })
    for (const m of fieldMutations(rng, exampleBody, e.body, 'multipart', (body) => !breaks(e.body, decodeForm(parts(body))))) {
      cases.push({ label: `form ${m.label}`, form: parts(m.value), field: m.field })
    }
    const textFields = Object.entries(exampleBody).filter(([, value]) => !Array.isArray(value) || !(value[0] instanceof FilePart))
    const first = textFields[0]?.[0] ?? 'name'
    cases.push(
      { label: 'form sent as JSON', rawBody: toJsonText(exampleBody) },
      { label: 'form without a content type', rawBody: 'name=x', contentType: null },
      { label: 'form url-encoded', rawBody: `${encodeURIComponent(first)}=x`, contentType: 'application/x-www-form-urlencoded' },
      { label: 'multipart with a broken boundary', rawBody: '--nope\r\ngarbage', contentType: 'multipart/form-data; boundary=other' },
      { label: 'multipart without a boundary', rawBody: 'garbage', contentType: 'multipart/form-data' },
      { label: 'empty form', form: [] },
      { label: 'a text field twice', form: [...parts(exampleBody), [first, '"again"']], field: first },
      {
        label: 'prototype field names',
        form: [['__proto__', '{"polluted":true}'], ['constructor', '{"prototype":{"polluted":true}}'], ...parts(exampleBody)],
      },
      { label: 'every text field not JSON', form: textFields.map(([key]) => [key, '{not json'] as [string, string]) },
      { label: 'every text field a file', form: textFields.map(([key]) => [key, PNG_FILE] as [string, FilePart]) },
    )
    return cases.map((c) => ({ ...c, query: c.query ?? baseQuery }))
  }

  for (const m of fieldMutations(rng, exampleBody, e.body, 'json', (body) => !breaks(e.body, jsonView(body)))) {
    cases.push({ label: `body ${m.label}`, rawBody: toJsonText(m.value), field: m.field })
  }
  const json = toJsonText(exampleBody)
  const inner = json.slice(1, -1)
  const keys = Object.keys(exampleBody)
  cases.push(
    { label: 'body: {}', rawBody: '{}' },
    { label: 'body: null', rawBody: 'null' },
    { label: 'body: not JSON', rawBody: `{${inner}` },
    {
      label: 'body: prototype keys',
      rawBody: `{"__proto__":{"polluted":true,"vendorId":"x"},"constructor":{"prototype":{"polluted":true}}${inner ? `,${inner}` : ''}}`,
    },
    { label: 'body: over the size limit', rawBody: `{"pad":"${'p'.repeat(limit)}"${inner ? `,${inner}` : ''}}`, tooLarge: true },
    ...sample(rng, WHOLE_BODY_SAMPLE, {
      'body: empty': () => ({ rawBody: '' }),
      'body: a list': () => ({ rawBody: `[${json}]` }),
      'body: a string': () => ({ rawBody: JSON.stringify(json) }),
      'body: a number': () => ({ rawBody: '42' }),
      'body: trailing garbage': () => ({ rawBody: `${json}}` }),
      'body: 20,000 nested lists': () => ({ rawBody: `${'['.repeat(20_000)}${']'.repeat(20_000)}` }),
      'body: every field null': () => ({ rawBody: toJsonText(Object.fromEntries(keys.map((key) => [key, null]))) }),
      'body: every field a huge string': () => ({
        rawBody: toJsonText(Object.fromEntries(keys.map((key) => [key, 'H'.repeat(Math.floor(limit / 2 / Math.max(keys.length, 1)))]))),
      }),
      // The valid example wrapped harmless ways: they may be accepted.
      'body: byte-order mark': () => ({ rawBody: `\uFEFF${json}` }),
      'body: 10,000 unknown fields': () => ({
        rawBody: `{${Array.from({ length: 10_000 }, (_, i) => `"k${i}":${i}`).join(',')}${inner ? `,${inner}` : ''}}`,
      }),
      'body: sent as text/plain': () => ({ rawBody: json, contentType: 'text/plain' }),
    }),
  )
  return cases.map((c) => ({ ...c, query: c.query ?? baseQuery }))
}

/** The object the server's decoder makes of a multipart body (readMultipart in register.ts). */
function decodeForm(parts: [string, string | FilePart][]): Record<string, unknown> {
  const grouped = new Map<string, (string | FilePart)[]>()
  for (const [key, value] of parts) grouped.set(key, [...(grouped.get(key) ?? []), value])
  const decode = (s: string): unknown => {
    try {
      return JSON.parse(s)
    } catch {
      return s
    }
  }
  return Object.fromEntries(
    [...grouped].map(([key, values]) => {
      const decoded = values.map((part) => (typeof part === 'string' ? decode(part) : part.toFile()))
      return [key, values.every((part) => part instanceof FilePart) || decoded.length > 1 ? decoded : decoded[0]]
    }),
  )
}

function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0')
  if (value === null || typeof value !== 'object' || value instanceof Blob) return false
  return Object.entries(value).some(([key, item]) => key.includes('\0') || hasNul(item))
}

/** A query as the server reads it: the first value of each key. */
function firstValues(pairs: [string, string][]): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of pairs)
    if (!Object.hasOwn(out, key)) Object.defineProperty(out, key, { value, enumerable: true, writable: true })
  return out
}

function breaks(schema: unknown, input: unknown): boolean {
  if (!schema) return false
  const result = v.safeParse(schema as v.GenericSchema, input, { abortPipeEarly: true })
  return !result.success || hasNul(result.output)
}

/**
 * What the contract says of a case before the server is asked: 'malformed' (the body is not JSON or not
 * multipart), 'invalid' (the contract's schema refuses it), 'valid', or 'unknown' (the decoder's view is not
 * reproduced here).
 */
export function verdict(e: EndpointDef, c: FuzzCase): 'malformed' | 'invalid' | 'valid' | 'too-large' {
  if (c.tooLarge) return 'too-large'
  const query = getQueryParam(`http://fuzz.test/x?${c.query ?? ''}`) as unknown as Record<string, string>
  let body: unknown
  if (e.body && e.method !== 'GET') {
    if (e.bodyType === 'multipart') {
      const multipart = c.form !== undefined
      if (!multipart) return 'malformed'
      body = decodeForm(c.form!)
    } else {
      // The server reads the body as UTF-8 text, which drops a leading byte-order mark.
      const raw = (c.rawBody ?? '').replace(/^\uFEFF/, '')
      if (raw.trim() === '') body = {}
      else {
        try {
          body = JSON.parse(raw)
        } catch {
          return 'malformed'
        }
      }
    }
  }
  // The server validates the query first and stops there.
  if (e.query && breaks(e.query, query)) return 'invalid'
  if (e.body && e.method !== 'GET' && breaks(e.body, body)) return 'invalid'
  return 'valid'
}

/** Checks an example against the contract, for the test that every example is valid. */
export function exampleProblems(e: EndpointDef, example: Example): string[] {
  const problems: string[] = []
  if (e.query) {
    const result = v.safeParse(e.query, example.query ?? {})
    if (!result.success) problems.push(`query: ${result.issues.map((i) => `${v.getDotPath(i)} ${i.message}`).join('; ')}`)
  }
  if (e.body && e.method !== 'GET') {
    const body =
      e.bodyType === 'multipart'
        ? decodeForm(
            Object.entries((example.body ?? {}) as Record<string, Value>).flatMap(([key, value]): [string, string | FilePart][] =>
              Array.isArray(value) && value[0] instanceof FilePart
                ? value.map((file) => [key, file] as [string, FilePart])
                : [[key, toJsonText(value)] as [string, string]],
            ),
          )
        : JSON.parse(toJsonText((example.body ?? {}) as Value))
    const result = v.safeParse(e.body, body)
    if (!result.success) problems.push(`body: ${result.issues.map((i) => `${v.getDotPath(i)} ${i.message}`).join('; ')}`)
  }
  return problems
}
