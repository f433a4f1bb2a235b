/// <reference types="vitest/config" />
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { precompress } from './src/app/precompress.config.ts'
import { pwa } from './src/app/pwa.config.ts'

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
      // features' queries, which would otherwise all sit in the entry chunk the login screen waits for.
      codeSplittingOptions: { defaultBehavior: [['loader', 'component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']] },
    }),
    react(),
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
    rolldownOptions: {
      output: {
        // Decision 080: one chunk for what the first screen needs, code two or more routes share in a few chunks of
        // at most ~25 KiB gzip, and a chunk per route for the rest, instead of ~190 chunks mostly under 1 KiB, each a
        // request. Splitting the shared code can leave two chunks importing each other; strict execution order
        // runs each module when first needed, so neither sees the other half-initialised.
        strictExecutionOrder: true,
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 2 },
            { name: 'shared', minShareCount: 2, maxSize: 200_000, priority: 1 },
          ],
        },
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
    ],
  },
})
