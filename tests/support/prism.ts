import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { resolve } from 'node:path'

/*
 * Stoplight Prism over Paystack's vendored OpenAPI document (tests/fixtures/paystack/paystack.yaml, issue 36):
 * every request the Paystack provider sends in a test goes through it. `--errors` makes Prism refuse a request the
 * document calls invalid (422) instead of answering it, and answer 500 for a response that breaks the document;
 * each refusal is also kept in `violations`, which a test asserts empty, so a request Prism calls invalid fails
 * the test even where the provider would take the refusal for an outage.
 */

const ROOT = resolve(import.meta.dirname, '../..')
export const PAYSTACK_SPEC = resolve(ROOT, 'tests/fixtures/paystack/paystack.yaml')
const PRISM_BIN = resolve(ROOT, 'node_modules/@stoplight/prism-cli/dist/index.js')
/** Prism reads the 520 KB document and builds every operation's validators before it listens (~3–9 s on 2 busy cores). */
const START_TIMEOUT_MS = 60_000

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer()
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => done(port))
    })
  })
}

export interface Prism {
  url: string
  /** How long Prism took to listen, in ms (measured: a test file pays it once). */
  startMs: number
  /** Prism's own error lines: invalid requests, responses that break the document, paths it does not know. */
  violations: string[]
  stop(): Promise<void>
}

/**
 * `upstream`: proxy to this URL (a stateful fake) and validate both ways; without, `prism mock` answers from the
 * document's examples (stateless calls).
 */
export async function startPrism(options: { upstream?: string } = {}): Promise<Prism> {
  const port = await freePort()
  const args = options.upstream
    ? ['proxy', PAYSTACK_SPEC, options.upstream, '--errors', '-h', '127.0.0.1', '-p', String(port)]
    : ['mock', PAYSTACK_SPEC, '--errors', '-h', '127.0.0.1', '-p', String(port)]
  const started = performance.now()
  const child: ChildProcess = spawn(process.execPath, [PRISM_BIN, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: '0' },
  })
  const violations: string[] = []
  let output = ''
  await new Promise<void>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`Prism did not listen within ${START_TIMEOUT_MS} ms:\n${output}`)), START_TIMEOUT_MS)
    const read = (chunk: Buffer) => {
      const text = chunk.toString()
      if (!/Prism is listening/.test(output)) output += text
      for (const line of text.split('\n')) {
        // "✖  error  Request terminated with error: …#UNPROCESSABLE_ENTITY" and its kind: kept with the request's line.
        if (/✖|\berror\b.*(VIOLATIONS|UNPROCESSABLE|NO_PATH|NO_METHOD|UNAUTHORIZED|INVALID)/i.test(line)) violations.push(line.trim())
      }
      if (/Prism is listening/.test(text)) {
        clearTimeout(timer)
        done()
      }
    }
    child.stdout!.on('data', read)
    child.stderr!.on('data', read)
    child.once('exit', (code) => {
      clearTimeout(timer)
      fail(new Error(`Prism exited (${code}) before listening:\n${output}`))
    })
  })
  const startMs = Math.round(performance.now() - started)
  return {
    url: `http://127.0.0.1:${port}`,
    startMs,
    violations,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done()
        child.once('exit', () => done())
        child.kill('SIGTERM')
      }),
  }
}
