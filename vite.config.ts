/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os'

import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

import {
  firstPreloads,
  firstScreenGroups,
  lazyPreloadsOverTheNetworkOnly,
  ROUTE_TABLE_CHUNK,
  routeTablePreload,
  signedInPreload,
} from './src/app/chunking.config.ts'
import { TOKEN_KEY } from './src/app/lib/session-store.ts'
import { loginPage } from './src/app/login-page.config.ts'
import { precompress } from './src/app/precompress.config.ts'
import { pwa } from './src/app/pwa.config.ts'
import { staticStyles } from './src/app/static-styles.config.ts'

// Each build gets its own id; the persisted query cache of an older build is discarded (shapes may differ).
const BUILD_ID = process.env.BUILD_ID ?? new Date().toISOString()

// One config for the PWA build, the dev server and the test projects.
export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify(BUILD_ID) },
  plugins: [
    tanstackRouter({
      target: 'react',
      routesDirectory: './src/app/routes',
      generatedRouteTree: './src/app/routeTree.gen.ts',
      quoteStyle: 'single',
      autoCodeSplitting: true,
      // A route's loader goes with its component (decision 080): the loaders import the contract's schemas and the
      // features' queries, which would otherwise all sit in the entry chunk the login screen waits for. A pending
      // component is not split: it must draw the moment a tap lands, with nothing to fetch (decision 091).
      codeSplittingOptions: { defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']] },
    }),
    react(),
    // Decision 121: all-literal css(), pattern and recipe calls become their class strings.
    staticStyles(),
    routeTablePreload(),
    lazyPreloadsOverTheNetworkOnly(),
    signedInPreload(TOKEN_KEY),
    // Decision 099: `/` is a prerendered page (dist/login.html) that signs in without booting the app.
    loginPage(),
    pwa(),
    precompress(),
  ],
  resolve: { alias: { 'styled-system': new URL('./styled-system', import.meta.url).pathname } },
  server: {
    // `npm run dev` runs the API on API_PORT and Vite here; /api goes through to it.
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 3001}` },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // Decision 100: Vite's preload helper inserts a <link rel="modulepreload"> per chunk a lazy route imports; 47 of
    // them on a cold /home cost 123–172 ms of main thread at 4× CPU. The first screen's own chunks go first; the
    // browser finds the rest through the imports of those it fetched. Under a service worker, none (decision 119).
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
            // Decision 113: main.tsx imports the route table dynamically, to evaluate it in a task of its own. Its chunk
            // holds router.ts and what it alone imports; index.html preloads it beside the entry.
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
  },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'app',
          include: ['tests/app/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/app/setup.ts'],
          // Typing through user-event in jsdom is slow on a loaded 2-core CI machine; 5 s cut off whole journeys.
          testTimeout: 15_000,
          // Decision 095: a worker keeps jsdom and Vitest loaded and gives each file a fresh jsdom window (a VM
          // context) instead of a fresh process; twice as fast. At least two workers: with one
          // (--no-file-parallelism), Vitest runs every file in the same context, and modules and the DOM carry over
          // from file to file (setup.ts refuses that).
          // A project with its own maxWorkers needs its own groupOrder: `npm test` runs the app files as a group of
          // their own, not alongside the other projects' files (on two cores those ran one file at a time anyway).
          pool: 'vmThreads',
          maxWorkers: Math.max(2, availableParallelism() - 1),
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/server/global-setup.ts'],
          setupFiles: ['tests/server/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          // Three real API processes on one PostgreSQL and one Redis per file (tests/processes/cluster.ts): needs both
          // on localhost, as .ci/run provides. Without file parallelism Vitest runs its files with e2e's, one at a
          // time after every other project: the processes under load take both cores, and the stop tests time a
          // process's last moments.
          name: 'processes',
          include: ['tests/processes/**/*.test.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 90_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
