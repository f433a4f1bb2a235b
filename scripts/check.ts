import { spawn } from 'node:child_process'

/*
 * npm run check: lint (with the import boundaries), format, the three type-checks and the OpenAPI check, then the
 * bundle budgets (check:bundle builds dist/). ESLint and Prettier each use one core, so the static checks run in two
 * lanes at once. Each step's output is printed whole when the step ends, so two tools' errors never interleave. The
 * bundle check builds with every core, so it runs alone, last. Any step that fails fails the check, once every lane
 * has ended.
 */

/**
 * The npm scripts each lane runs in turn, balanced by their times side by side on a quiet 2-core machine (decision
 * 202: the type-checks run TypeScript 7's native tsc, 36 s for all three where TypeScript 5.9 took 167 s).
 */
const LANES: string[][] = [
  ['format:check', 'typecheck:app', 'typecheck:server'],
  ['lint', 'typecheck:repo', 'check:openapi'],
]

function run(script: string): Promise<{ ok: boolean; output: string; seconds: number }> {
  const started = performance.now()
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { env: process.env })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('close', (code) => resolve({ ok: code === 0, output, seconds: (performance.now() - started) / 1000 }))
  })
}

async function lane(steps: string[]): Promise<boolean> {
  let ok = true
  for (const step of steps) {
    const result = await run(step)
    process.stdout.write(`== ${step}: ${result.ok ? 'ok' : 'FAILED'} (${result.seconds.toFixed(1)} s)\n${result.output}`)
    // A lane goes on after a failure: the other problems are worth seeing in the same run.
    ok &&= result.ok
  }
  return ok
}

const lanes = await Promise.all(LANES.map(lane))
if (!lanes.every(Boolean)) {
  console.error('check: failed (see the steps marked FAILED above)')
  process.exit(1)
}
const bundle = await lane(['check:bundle'])
if (!bundle) process.exit(1)
