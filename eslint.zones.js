// The import boundaries eslint.config.js enforces (docs/architecture.md), in a module of their own so a test can
// compare them with the folders they fence (tests/unit/lint-zones.test.ts).
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const FEATURES_DIR = fileURLToPath(new URL('./src/app/features', import.meta.url))

/**
 * Every folder under `dir`, read at each lint: a list kept by hand missed `live-alerts` (issue 35), so a feature
 * made tomorrow is fenced from the day it is made.
 */
export function featureFolders(dir = FEATURES_DIR) {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
}

/** One zone per feature: it may import itself, and no other feature (what two share goes to ui, lib or the contract). */
export function featureZones(features = featureFolders()) {
  return features.map((feature) => ({
    target: `./src/app/features/${feature}`,
    from: './src/app/features',
    except: [`./${feature}`],
    message: 'Features do not import each other: move what they share to ui, lib or the contract, or meet in a route.',
  }))
}

/**
 * The three rooms and the app's layers (docs/architecture.md): the contract imports nothing of ours; the app and the
 * server never import each other; the app never imports the contract's endpoint table; `ui` and `lib` import no feature and no route; `lib` imports no `ui`; a feature
 * imports no other feature; routes are where features meet; nothing but the entry imports the first screen's machinery.
 */
export function boundaryZones(features = featureFolders()) {
  return [
    { target: './src/contract', from: ['./src/app', './src/server'], message: 'The contract imports only valibot and its own files.' },
    { target: './src/app', from: './src/server', message: 'The app never imports the server: share through src/contract.' },
    {
      // Decisions 023 and 162: a bundler cannot drop the unused properties of `endpoints`, so every schema of the API
      // would ship in the chunk that imports it. Fenced by file, so every alias and relative path to it is caught.
      target: './src/app',
      from: './src/contract/index.ts',
      message: "The app imports a contract area (#contract/orders's orderEndpoints), never #contract/index's whole table.",
    },
    { target: './src/server', from: './src/app', message: 'The server never imports the app: share through src/contract.' },
    {
      target: ['./src/app/ui', './src/app/lib'],
      from: ['./src/app/features', './src/app/routes'],
      message: 'ui and lib import no feature and no route.',
    },
    { target: './src/app/lib', from: './src/app/ui', message: 'lib imports no ui: a component belongs in ui.' },
    { target: './src/app/features', from: './src/app/routes', message: 'Features import no route: routes import features.' },
    {
      // Decision 173: the first screen's machinery imports the app, never the other way: a screen that imported it
      // would take build code (Node) or the boot into its chunk. main.tsx, the entry, is the one importer.
      target: ['./src/app/ui', './src/app/lib', './src/app/features', './src/app/routes'],
      from: './src/app/first-screen',
      message: 'Screens, features, ui and lib never import src/app/first-screen (its README says why).',
    },
    ...featureZones(features),
  ]
}
