/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os'

import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

import { firstScreenBuild, firstScreenPlugins } from './src/app/first-screen/build/vite.ts'

// Each build gets its own id; the persisted query cache of an older build is discarded (shapes may differ).
const BUILD_ID = process.env.BUILD_ID ?? new Date().toISOString()

// Test files run two at a time at least (decision 190): a server file on PGlite is one thread of WebAssembly, so
// Vitest's default on two cores (cores − 1 = one worker) left a core idle. Unit and server share a group, so a number.
const TEST_WORKERS = Math.max(2, availableParallelism() - 1)
// On PostgreSQL one worker more (decision 201): a server file there waits on the database's own processes, and two
// workers left a quarter of both cores idle (289 s; three 233 s, four 241 s).
const SERVER_WORKERS = process.env.TEST_DATABASE_URL ? TEST_WORKERS + 1 : TEST_WORKERS

// The processes file that must run alone (decision 205).
const STOPPING = 'tests/processes/stopping.test.ts'

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
    // The first screen's build (src/app/first-screen/README.md): chunks, preloads, the login page, the service worker.
    ...firstScreenPlugins(),
  ],
  resolve: { alias: { 'styled-system': new URL('./styled-system', import.meta.url).pathname } },
  server: {
    // `npm run dev` runs the API on API_PORT and Vite here; /api goes through to it.
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 3001}` },
  },
  build: firstScreenBuild(),
  test: {
    projects: [
      {
        extends: true,
        // Modules kept loaded from file to file (decision 198): these files hold no state between them.
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', maxWorkers: SERVER_WORKERS, isolate: false },
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
          // Its own group (`npm test` runs the app files after the unit and server files, not among them): a jsdom
          // file beside a PGlite one would make each slower, and the VM pool and the forks pool do not share workers.
          pool: 'vmThreads',
          maxWorkers: TEST_WORKERS,
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
          setupFiles: ['tests/server/worker-env.ts', 'tests/server/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // On PostgreSQL each worker has a database of its own (global-setup.ts), as each has its own PGlite.
          maxWorkers: SERVER_WORKERS,
          // Decision 198: a worker keeps the server's modules loaded from file to file instead of importing them
          // afresh for each (half the suite's CPU), and its database too (decision 203: setup.ts empties the job
          // queue before each file). Each file still gets its own app, clock and notifier.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          setupFiles: ['tests/e2e/worker-server.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // expect.poll's own default is 1 s: a page's reload and a sheet's opening outlast that on a loaded machine
          // (CI, 7 December: toast-placement's sheet after a goto). A poll that holds returns at once; this only
          // bounds how long one that does not is retried.
          expect: { poll: { timeout: 10_000 } },
          // Decision 200: two files at a time, each worker on a server of its own that its files share (browser.ts
          // startSharedServer), which lives as long as the worker because the worker keeps its modules. One file at
          // a time left more than a quarter of both cores idle (Chromium waiting on the server, and the server on
          // Chromium).
          maxWorkers: 2,
          isolate: false,
          sequence: { groupOrder: 2 },
        },
      },
      {
        extends: true,
        test: {
          // Three real API processes on one PostgreSQL and one Redis per file (tests/processes/cluster.ts): needs both
          // on localhost, as .ci/run provides. In a group of their own after every other project's files. Two files
          // at a time (decision 205): one at a time left half of both cores idle, the processes waiting on the
          // database and the clients. Each file has its own database, ports and client addresses.
          name: 'processes',
          include: ['tests/processes/**/*.test.ts'],
          exclude: [STOPPING],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 90_000,
          maxWorkers: 2,
          sequence: { groupOrder: 3 },
        },
      },
      {
        extends: true,
        test: {
          // The stop tests time a process's last moments under load: alone, last, with both cores theirs.
          name: 'processes-stopping',
          include: [STOPPING],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 90_000,
          sequence: { groupOrder: 4 },
        },
      },
    ],
  },
})
