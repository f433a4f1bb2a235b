// ESLint (flat config): the house's import boundaries as rules, sorted imports, and the TypeScript and React-hooks
// checks that catch real bugs. Formatting is Prettier's (docs/decisions/094); nothing here is about layout.
import { builtinModules } from 'node:module'

import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import simpleImportSort from 'eslint-plugin-simple-import-sort'
import tseslint from 'typescript-eslint'

import { boundaryZones } from './eslint.zones.js'

const zones = boundaryZones()

/*
 * The app runs in the browser. tsconfig.app.json leaves out Node's types, but vite/client's types bring them back in,
 * so its check would let `process` or `node:fs` into src/app (decision 202). These rules hold it instead. The build's
 * own code (src/app/first-screen/build) runs in Node and is exempt.
 */
const IN_THE_BROWSER = 'The app runs in the browser: no Node module or global (its settings come from import.meta.env).'
const noNodeImports = {
  paths: builtinModules.map((name) => ({ name, message: IN_THE_BROWSER })),
  patterns: [{ group: ['node:*'], message: IN_THE_BROWSER }],
}
const APP_BUILD = 'src/app/first-screen/build/**'

export default tseslint.config(
  { ignores: ['dist/**', 'styled-system/**', 'node_modules/**', 'src/app/routeTree.gen.ts', 'data/**', 'coverage/**'] },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    extends: [tseslint.configs.recommended],
    plugins: { 'import-x': importX, 'simple-import-sort': simpleImportSort, 'react-hooks': reactHooks },
    // Resolves #app/*, #server/* and #contract/* as tsc does (tsconfig.json paths), so the zones see through aliases.
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      'simple-import-sort/imports': 'error',
      'simple-import-sort/exports': 'error',
      // `_`-prefixed names are deliberately unused (a parameter kept for its position).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Hooks rules are for the app's components; a test file's `useAppHarness()` registers vitest hooks, not React's.
    files: ['src/app/**/*.{ts,tsx}'],
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Decision 124: Ark's dialog loads when a dialog first opens. Imported anywhere else, it is back in that screen's chunk.
    files: ['src/app/**/*.{ts,tsx}'],
    ignores: ['src/app/ui/dialog-machine.tsx', APP_BUILD],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...noNodeImports,
          paths: [
            { name: '@ark-ui/react/dialog', message: 'Take the parts from ui/dialog-parts.tsx (dialogParts, sheetParts).' },
            ...noNodeImports.paths,
          ],
        },
      ],
    },
  },
  {
    files: ['src/app/ui/dialog-machine.tsx'],
    rules: { 'no-restricted-imports': ['error', noNodeImports] },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    ignores: [APP_BUILD],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['process', 'Buffer', 'global', 'require', '__dirname', '__filename', 'setImmediate'].map((name) => ({
          name,
          message: IN_THE_BROWSER,
        })),
      ],
    },
  },
  {
    // Tests read the server's JSON answers field by field; typing each body would say nothing the assertions don't.
    files: ['tests/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
)
