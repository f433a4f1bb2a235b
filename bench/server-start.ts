import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

const ROOT = resolve(import.meta.dirname, '..')

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return Math.round(kb / 1024)
}

/** Starts `npm start`'s server on a data directory and times it until it prints its URL. */
async function coldStart(dataDir: string): Promise<{ seconds: number; rss: number }> {
  const started = performance.now()
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, SKIP_BUILD: '1', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  try {
    await new Promise<void>((done, fail) => {
      let out = ''
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString()
        if (out.includes('running at')) done()
      })
      child.once('exit', (code) => fail(new Error(`server exited with ${code}`)))
    })
    const seconds = (performance.now() - started) / 1000
    // Let start-up garbage settle before reading memory at idle.
    await new Promise((r) => setTimeout(r, 1500))
    return { seconds, rss: rssMiB(child.pid!) }
  } finally {
    child.kill('SIGTERM')
    await new Promise((r) => child.once('exit', r))
  }
}

export async function serverStartFigures() {
  const dir = mkdtempSync(join(tmpdir(), 'vbo-bench-'))
  try {
    const fresh = await coldStart(dir)
    const existing = await coldStart(dir)
    return [
      { data: 'fresh PGlite directory (migrate + seed)', 'start (s)': fresh.seconds.toFixed(2), 'idle RSS (MiB)': fresh.rss },
      { data: 'existing PGlite directory', 'start (s)': existing.seconds.toFixed(2), 'idle RSS (MiB)': existing.rss },
    ]
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  console.table(await serverStartFigures())
}
