/*
 * `npm run check:openapi` (part of `npm run check`, decision 170): the served OpenAPI document is usable as it is.
 * 1. A client generated from it with openapi-typescript compiles, and a small use of it type-checks: a login, a
 *    list's page size, an idempotent call's 409 codes (a code the operation does not answer must not compile).
 * 2. Redocly lints it with no error (rules in redocly.yaml; telemetry and the update check off: no network).
 * Run once in CI's check stage, not in the server suite, which CI runs twice (PGlite and PostgreSQL).
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import openapiTS, { astToString } from 'openapi-typescript'
import ts from 'typescript'

import { apiDocument } from '#server/http/openapi-document'

const USAGE = `import type { components, operations, paths } from './api'

type Login = paths['/auth/vendor/login']['post']
export const login: Login['requestBody']['content']['application/json'] = { email: 'ada@shop.ng', password: 'secret-password' }
type Session = Login['responses'][200]['content']['application/json']
export const token = (answer: Session): string => answer.data.token

type Transactions = operations['listTransactions']
export const query: NonNullable<Transactions['parameters']['query']> = { page: 1, size: 1000 }

type Send = paths['/transfer/send']['post']
export const key: Send['parameters']['header']['Idempotency-Key'] = 'send-2026-12-05-1'
type SendConflict = Send['responses'][409]['content']['application/json']
export const conflict: SendConflict['code'] = 'IDEMPOTENCY_MISMATCH'
// @ts-expect-error a code this operation does not answer under 409
export const notAConflict: SendConflict['code'] = 'SHOP_NOT_FOUND'
export const created: keyof Send['responses'] = 201

export const envelope = (error: components['schemas']['Error']): string => error.message
`

function fail(message: string): never {
  console.error(`check:openapi: ${message}`)
  process.exit(1)
}

const started = Date.now()
const dir = mkdtempSync(join(tmpdir(), 'openapi-check-'))
try {
  const document = apiDocument()
  const file = join(dir, 'openapi.json')
  writeFileSync(file, JSON.stringify(document, null, 2))

  writeFileSync(join(dir, 'api.d.ts'), astToString(await openapiTS(document as never)))
  writeFileSync(join(dir, 'usage.ts'), USAGE)
  const program = ts.createProgram([join(dir, 'usage.ts')], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    noUncheckedIndexedAccess: true,
    types: [],
  })
  const diagnostics = ts.getPreEmitDiagnostics(program)
  if (diagnostics.length) {
    const host = { getCanonicalFileName: (f: string) => f, getCurrentDirectory: () => dir, getNewLine: () => '\n' }
    fail(`the generated client does not compile:\n${ts.formatDiagnostics(diagnostics, host)}`)
  }

  const lint = spawnSync('npx', ['--no-install', 'redocly', 'lint', file, '--config', 'redocly.yaml', '--format', 'stylish'], {
    stdio: 'inherit',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  })
  if (lint.status !== 0) fail('Redocly lint found errors')
  console.log(`check:openapi: generated client compiles, lint clean (${((Date.now() - started) / 1000).toFixed(1)} s)`)
} finally {
  rmSync(dir, { recursive: true, force: true })
}
