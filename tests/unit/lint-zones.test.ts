import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

/*
 * Issue 35 item 26: the lint zones listed the feature folders by hand and missed `live-alerts`, so nothing stopped
 * it importing another feature. The zones are read from the folders; these check the config ESLint really loads.
 */

const ROOT = resolve(import.meta.dirname, '../..')
const FEATURES = join(ROOT, 'src/app/features')
const BOUNDARY = 'import-x/no-restricted-paths'

type Zone = { target: string | string[]; from: string | string[]; except?: string[] }
/** Loaded by URL at run time: a plain JS module of the repository's root, outside what tsc compiles. */
const load = async <T>(file: string): Promise<T> => (await import(pathToFileURL(join(ROOT, file)).href)) as T

const folders = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()

/** The features the config ESLint loads for a feature's file fences: each zone targeting one features folder. */
async function fencedFeatures(eslint: ESLint): Promise<string[]> {
  const config = (await eslint.calculateConfigForFile(join(FEATURES, 'live-alerts/zone-probe.ts'))) as {
    rules: Record<string, [unknown, { zones: Zone[] }]>
  }
  return config.rules[BOUNDARY]![1].zones.map((zone) =>
    typeof zone.target === 'string' ? /^\.\/src\/app\/features\/([^/]+)$/.exec(zone.target)?.[1] : undefined,
  )
    .filter((name): name is string => Boolean(name))
    .sort()
}

describe('lint zones', () => {
  // Loading the config (typescript-eslint, the import resolver) takes seconds on a busy machine.
  let eslint: ESLint
  beforeAll(() => {
    eslint = new ESLint({ cwd: ROOT })
  })

  it('fence every folder under src/app/features, live-alerts included', async () => {
    const fenced = await fencedFeatures(eslint)
    expect(fenced).toContain('live-alerts')
    expect(fenced).toEqual(folders(FEATURES))
  }, 60_000)

  it('are read from the folders, so a feature made today is fenced today', async () => {
    const { featureFolders, featureZones } = await load<{
      featureFolders: (dir: string) => string[]
      featureZones: (features: string[]) => Zone[]
    }>('eslint.zones.js')
    const dir = mkdtempSync(join(tmpdir(), 'features-'))
    try {
      for (const name of ['orders', 'wallet']) mkdirSync(join(dir, name))
      writeFileSync(join(dir, 'README.md'), 'a file is not a feature')
      expect(featureFolders(dir)).toEqual(['orders', 'wallet'])
      mkdirSync(join(dir, 'loyalty'))
      const zones = featureZones(featureFolders(dir))
      expect(zones.find((zone) => zone.target === './src/app/features/loyalty')).toMatchObject({
        from: './src/app/features',
        except: ['./loyalty'],
      })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('ESLint refuses a live-alerts file importing another feature, and lets it import its own files', async () => {
    const lint = async (code: string) => {
      const [result] = await eslint.lintText(code, { filePath: join(FEATURES, 'live-alerts/zone-probe.ts') })
      return result!.messages.filter((message) => message.ruleId === BOUNDARY)
    }
    const across = await lint(
      "import { useUpdateOrderStatus } from '#app/features/orders/queries'\n\nexport const probe = useUpdateOrderStatus\n",
    )
    expect(across).toHaveLength(1)
    expect(across[0]!.message).toContain('Features do not import each other')

    const relative = await lint("import { useUpdateOrderStatus } from '../orders/queries'\n\nexport const probe = useUpdateOrderStatus\n")
    expect(relative).toHaveLength(1)

    expect(await lint("import { speakAmount } from './spoken-amount'\n\nexport const probe = speakAmount\n")).toEqual([])
  }, 60_000)

  it("ESLint refuses an app file importing the contract's endpoint table by any path, and lets it import an area", async () => {
    const lint = async (code: string) => {
      const [result] = await eslint.lintText(code, { filePath: join(ROOT, 'src/app/lib/zone-probe.ts') })
      return result!.messages.filter((message) => message.ruleId === BOUNDARY)
    }
    for (const path of ['#contract/index', '#contract/index.ts', '../../contract', '../../contract/index']) {
      const table = await lint(`import { endpoints } from '${path}'\n\nexport const probe = endpoints\n`)
      expect(table, path).toHaveLength(1)
      expect(table[0]!.message).toContain('never #contract/index')
    }
    expect(await lint("export const probe = () => import('#contract/index')\n")).toHaveLength(1)
    expect(await lint("import { orderEndpoints } from '#contract/orders'\n\nexport const probe = orderEndpoints\n")).toEqual([])
  }, 60_000)
})
