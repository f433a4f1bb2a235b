import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

import react from '@vitejs/plugin-react'
import { type Alias, build, type InlineConfig, type Plugin, type ResolvedConfig } from 'vite'

import { isOnboarding } from '../../lib/onboarding.ts'
import { TOKEN_KEY, USER_KEY } from '../../lib/session-store.ts'
import { redirectSignedIn } from '../login-page/signed-in-redirect.ts'
import { criticalCss } from './critical-css.ts'

/** The prerendered login page in dist/; the server and the service worker answer `/` with it (decision 099). */
export const LOGIN_PAGE = 'login.html'

const SCRIPT_ENTRY = 'src/app/first-screen/login-page/script.ts'
const PRERENDER_MODULE = 'src/app/first-screen/login-page/prerender.tsx'

/** What the two inner builds share with the app's: its aliases (styled-system) and its defines (the build id). */
function innerConfig(config: ResolvedConfig): InlineConfig {
  const ours = (config.resolve.alias as Alias[]).filter((alias) => alias.find === 'styled-system')
  return {
    configFile: false,
    root: config.root,
    mode: config.mode,
    logLevel: 'warn',
    define: config.define,
    resolve: { alias: ours },
    plugins: [react()],
  }
}

/**
 * The page's script and what it loads on demand (toasts, the held dialog), built apart from the app: the app's
 * chunk groups gather every entry's first modules into one `app` chunk, which would put the app's code in the
 * login page. Its own names (`assets/login-*`), in the same dist, so the service worker precaches them.
 */
async function buildScript(config: ResolvedConfig, outDir: string): Promise<string> {
  const result = await build({
    ...innerConfig(config),
    build: {
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      target: config.build.target,
      sourcemap: false,
      rolldownOptions: {
        input: { login: join(config.root, SCRIPT_ENTRY) },
        treeshake: { propertyReadSideEffects: false },
        output: { entryFileNames: 'assets/login-[hash].js', chunkFileNames: 'assets/login-[name]-[hash].js' },
      },
    },
  })
  const outputs = Array.isArray(result) ? result : [result]
  const entry = outputs.flatMap((o) => ('output' in o ? o.output : [])).find((chunk) => chunk.type === 'chunk' && chunk.isEntry)
  if (!entry) throw new Error('login page: the script build produced no entry')
  return `/${entry.fileName}`
}

/**
 * The screen and its templates, rendered by the React components: built for Node into .tmp/ (inside the project,
 * so React and Ark resolve from node_modules) and run.
 */
async function prerender(config: ResolvedConfig): Promise<{ screen: string; templates: string }> {
  const outDir = join(config.root, '.tmp', 'login-prerender')
  await build({
    ...innerConfig(config),
    build: {
      ssr: join(config.root, PRERENDER_MODULE),
      outDir,
      emptyOutDir: true,
      copyPublicDir: false,
      rolldownOptions: { output: { entryFileNames: 'prerender.mjs' } },
    },
  })
  // lib/outbox.ts opens a BroadcastChannel as it loads (the login form imports it through the session); in Node
  // that channel is a handle that kept `vite build` from ever exiting. Without the global, outbox.ts opens none.
  const { BroadcastChannel } = globalThis
  try {
    Reflect.deleteProperty(globalThis, 'BroadcastChannel')
    const module = (await import(pathToFileURL(join(outDir, 'prerender.mjs')).href)) as typeof import('../login-page/prerender')
    return module.renderLoginPage()
  } finally {
    globalThis.BroadcastChannel = BroadcastChannel
    rmSync(outDir, { recursive: true, force: true })
  }
}

/**
 * dist/index.html made into the login page: the same head (meta, icons, manifest) without the app's script and
 * stylesheet; instead the rules the form uses, inline, the signed-in redirect first in the head, and the page's
 * own script. The app's stylesheet is named for the toasts to load (../login-page/overlays.tsx).
 */
function composePage(index: string, parts: { screen: string; templates: string; script: string; css: string; cssHref: string }) {
  const redirect = `(${redirectSignedIn.toString()})(${JSON.stringify(TOKEN_KEY)},${JSON.stringify(USER_KEY)},${isOnboarding.toString()})`
  const head = [
    `<script>${redirect}</script>`,
    `<style>${criticalCss(parts.css, parts.screen + parts.templates)}</style>`,
    `<meta name="app-stylesheet" content="${parts.cssHref}">`,
    `<script type="module" src="${parts.script}"></script>`,
  ].join('\n    ')
  const page = index
    .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
    .replace(/\s*<link rel="(?:modulepreload|stylesheet)"[^>]*>/g, '')
    .replace('</title>', `</title>\n    ${head}`)
    .replace('<div id="root"></div>', `<div id="root">${parts.screen}</div>${parts.templates}`)
  if (page.includes('<div id="root"></div>') || !page.includes(parts.script)) throw new Error('login page: index.html changed shape')
  return page
}

/**
 * Builds dist/login.html after the app is written and before the service worker is generated (vite-plugin-pwa's
 * closeBundle), so the page and its script are precached. Decision 099.
 */
export function loginPage(): Plugin {
  let config: ResolvedConfig
  return {
    name: 'login-page',
    apply: 'build',
    configResolved(resolved) {
      config = resolved
    },
    writeBundle: {
      sequential: true,
      async handler(options, bundle) {
        const outDir = options.dir ?? join(config.root, config.build.outDir)
        const cssFile = Object.keys(bundle).find((name) => name.endsWith('.css'))
        if (!cssFile) throw new Error('login page: the app build wrote no stylesheet')
        const [script, { screen, templates }] = [await buildScript(config, outDir), await prerender(config)]
        const index = readFileSync(join(outDir, 'index.html'), 'utf8')
        const css = readFileSync(join(outDir, cssFile), 'utf8')
        writeFileSync(join(outDir, LOGIN_PAGE), composePage(index, { screen, templates, script, css, cssHref: `/${cssFile}` }))
      },
    },
  }
}
