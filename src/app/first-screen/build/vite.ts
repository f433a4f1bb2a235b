import type { BuildEnvironmentOptions, PluginOption } from 'vite'

import { TOKEN_KEY } from '../../lib/session-store.ts'
import { firstPreloads, firstScreenGroups, ROUTE_TABLE_CHUNK, routeTablePreload, signedInPreload } from './chunking.ts'
import { loginPage } from './login-page.ts'
import { precompress } from './precompress.ts'
import { pwa } from './pwa.ts'

/*
 * The first screen's part of vite.config.ts: its plugins and the production build's options, in one place so that
 * vite.config.ts holds only what every Vite project has. What each does and what must not break: ../README.md.
 */

/** The build's own plugins, after TanStack Router's and React's, in this order. */
export function firstScreenPlugins(): PluginOption[] {
  return [
    routeTablePreload(),
    signedInPreload(TOKEN_KEY),
    // Decision 099: `/` is a prerendered page (dist/login.html) that signs in without booting the app.
    loginPage(),
    pwa(),
    precompress(),
  ]
}

/** `build` of vite.config.ts: the chunks of the first screen and the preloads that fetch them. */
export function firstScreenBuild(): BuildEnvironmentOptions {
  return {
    target: 'es2022',
    sourcemap: false,
    // Decision 100: Vite's preload helper inserts a <link rel="modulepreload"> per chunk a lazy route imports; 47 of
    // them on a cold /home cost 123–172 ms of main thread at 4× CPU. The first screen's own chunks go first; the
    // browser finds the rest through the imports of those it fetched.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : firstPreloads(deps)) },
    rolldownOptions: {
      // The contract's schemas spread shared pieces (`...pageQuery`); without this, reading an imported object counts
      // as a possible side effect and every endpoint of a module stays in the bundle even when nothing uses it.
      treeshake: { propertyReadSideEffects: false },
      output: {
        // Decision 080: one chunk for what the first screen needs; code two or more routes share goes in chunks by
        // the set of routes that use it (entriesAware), so a route loads only shared code it runs. Sets under 500
        // bytes are merged into a neighbour; at 2 kB the merges put the login screen's small pieces in with code
        // it never runs (decision 083). Splitting the shared code can leave two chunks importing each other;
        // strict execution order runs each module when first needed, so neither sees the other half-initialised.
        strictExecutionOrder: true,
        codeSplitting: {
          groups: [
            // Decision 113: React in a file of its own beside the entry. V8 writes a file's code cache in one task
            // after a load; for one 476 kB entry that was a task of 76–86 ms at 4× CPU.
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, tags: ['$initial'], priority: 4 },
            { name: 'app', tags: ['$initial'], priority: 3 },
            // Decision 113: the boot imports the route table dynamically, to evaluate it in a task of its own. Its
            // chunk holds router.ts and what it alone imports; index.html preloads it beside the entry.
            { name: ROUTE_TABLE_CHUNK, test: /[\\/]src[\\/]app[\\/]router\.ts$/, priority: 3 },
            // Decision 100: the signed-in shell, /home and /orders in one chunk, what they share with login in another.
            ...firstScreenGroups(2),
            { name: 'shared', minShareCount: 2, priority: 1, entriesAware: true, entriesAwareMergeThreshold: 500 },
          ],
        },
        // entriesAware names a chunk after every route that shares it; the file name keeps only "shared".
        chunkFileNames: (chunk) => (chunk.name.startsWith('shared') ? 'assets/shared-[hash].js' : 'assets/[name]-[hash].js'),
      },
    },
  }
}
