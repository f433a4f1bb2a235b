import { spawn } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** Newest modification time under a path (file or directory), 0 when it does not exist. */
function newestMtime(path: string): number {
  if (!existsSync(path)) return 0
  const stats = statSync(path)
  if (!stats.isDirectory()) return stats.mtimeMs
  let newest = stats.mtimeMs
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue
    newest = Math.max(newest, newestMtime(join(path, entry)))
  }
  return newest
}

const SOURCES = ['src/app', 'src/contract', 'public', 'index.html', 'vite.config.ts', 'panda.config.ts']

/** True when dist/index.html is missing or older than any source of the PWA. */
export function pwaBuildIsStale(root: string, distDir = join(root, 'dist')): boolean {
  const built = join(distDir, 'index.html')
  if (!existsSync(built)) return true
  const builtAt = statSync(built).mtimeMs
  return SOURCES.some((source) => newestMtime(join(root, source)) > builtAt)
}

/**
 * Runs `vite build` in `root`, streaming its output; rejects if it fails. Always a production build: called from a
 * test runner (NODE_ENV=test) vite would otherwise bundle React's development build into dist/.
 */
export function buildPwa(root: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, NODE_ENV: 'production' }
    const child = spawn('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit', env })
    child.on('error', reject)
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build exited with code ${code}`))))
  })
}
