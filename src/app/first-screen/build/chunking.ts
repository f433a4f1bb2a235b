import { resolve } from 'node:path'

import type { CodeSplittingGroup, OutputAsset, OutputChunk } from 'rolldown'
import type { Plugin } from 'vite'

/*
 * Decision 100: the first signed-in screen comes in one chunk. After decision 082 a cold /home fetched ~50 chunks
 * (the entry, its route's split chunk, the shell's, and every route-set `shared` piece they import), each a round trip
 * on a phone's network and each a modulepreload tag the preload helper inserts. This group gathers, in one file,
 * everything the signed-in shell, /home and /orders run that the entry chunk does not already hold, minus anything
 * the login screen may run, which goes in a second one (decision 124): two files, where the route-set pieces of
 * decision 082 made fifteen.
 */

const APP = resolve(import.meta.dirname, '../..')
/** The route files whose split chunks (component and loader) make up the first signed-in screen. */
const FIRST_SCREEN_ROUTES = ['routes/_app.tsx', 'routes/_app/home.tsx', 'routes/_app/orders/index.tsx'].map((p) => resolve(APP, p))
const LOGIN_ROUTE = resolve(APP, 'routes/index.tsx')

interface Graph {
  getModuleInfo(id: string): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null
}

/** A module and everything it imports statically, transitively. */
function staticClosure(graph: Graph, roots: Iterable<string>): Set<string> {
  const seen = new Set<string>()
  const queue = [...roots]
  while (queue.length > 0) {
    const id = queue.pop()!
    if (seen.has(id)) continue
    seen.add(id)
    queue.push(...(graph.getModuleInfo(id)?.importedIds ?? []))
  }
  return seen
}

/** The lazy halves TanStack Router's code splitting made of a route file (`home.tsx?tsr-split=…`). */
function splitChunksOf(graph: Graph, routeFile: string): string[] {
  return (graph.getModuleInfo(routeFile)?.dynamicallyImportedIds ?? []).filter((id) => id.includes('tsr-split'))
}

interface FirstScreen {
  /** What only the signed-in first screens run. */
  signedIn: Set<string>
  /** What they share with the login screen, which may run it. */
  withLogin: Set<string>
}

function firstScreenModules(graph: Graph): FirstScreen {
  // What login may run: every module it imports, through a library's index module too (which re-exports the whole
  // library, so the graph cannot tell which of its modules a screen takes).
  const loginMay = staticClosure(graph, splitChunksOf(graph, LOGIN_ROUTE))
  const signedIn = staticClosure(
    graph,
    FIRST_SCREEN_ROUTES.flatMap((route) => splitChunksOf(graph, route)),
  )
  const withLogin = new Set<string>()
  for (const id of signedIn) {
    if (!loginMay.has(id)) continue
    // Decision 124: a module login may or may not run goes with those it surely runs, in `first-common`. Left in the
    // route-set `shared` chunks (decision 100), they were a dozen more files on a cold first screen, and a request is
    // a round trip on a phone's few connections; the app's login and sign-up screens load about 9 KiB more for it.
    signedIn.delete(id)
    withLogin.add(id)
  }
  return { signedIn, withLogin }
}

/**
 * Two chunk groups, between the entry's `app` group and the route-set `shared` one in priority:
 * - `signed-in`: what the signed-in shell, /home and /orders run and login does not;
 * - `first-common`: what they share with login, in one file instead of the dozen route-set pieces decision 082 cut
 *   it into. Login may not run every module of it (decision 124).
 */
export function firstScreenGroups(priority: number): CodeSplittingGroup[] {
  let modules: FirstScreen | undefined
  const group = (debugName: string, pick: (m: FirstScreen, id: string) => string | null): CodeSplittingGroup => ({
    debugName,
    name: (id, ctx) => {
      modules ??= firstScreenModules(ctx)
      return pick(modules, id)
    },
    priority,
    // Each set is already closed over static imports, except for what the entry (or, for `signed-in`, login) holds:
    // those must stay where they are, not be dragged in as dependencies. strictExecutionOrder (./vite.ts) runs
    // each module when first needed, whichever chunk it is in.
    includeDependenciesRecursively: false,
  })
  return [
    group('signed-in', (m, id) => (m.signedIn.has(id) ? 'signed-in' : null)),
    group('first-common', (m, id) => (m.withLogin.has(id) ? 'first-common' : null)),
  ]
}

/** At most this many modulepreload tags for one lazy import. */
export const MAX_PRELOADS = 6

/** The chunks to preload for a lazy import: the first screen's two chunks first, then in the order Vite gave. */
export function firstPreloads(deps: string[]): string[] {
  const rank = (file: string) => (/signed-in-/.test(file) ? 0 : /first-common-/.test(file) ? 1 : 2)
  return [...deps].sort((a, b) => rank(a) - rank(b)).slice(0, MAX_PRELOADS)
}

/** The built bundle's chunks (its assets left out), as transformIndexHtml is handed it. */
function chunksOf(bundle: Record<string, OutputChunk | OutputAsset> | undefined): OutputChunk[] {
  return Object.values(bundle ?? {}).filter((item): item is OutputChunk => item.type === 'chunk')
}

/** The chunk a code-splitting group named: the build fails if a group is gone rather than ship a page without it. */
function chunkNamed(chunks: OutputChunk[], name: string): OutputChunk {
  const chunk = chunks.find((c) => c.name === name)
  if (!chunk) throw new Error(`index.html preloads: no chunk named ${name}`)
  return chunk
}

/** The chunk of the route table (decision 113), which ../boot.tsx imports dynamically. */
export const ROUTE_TABLE_CHUNK = 'route-table'

/**
 * Decision 113: index.html preloads the route table's chunk beside the entry. ../boot.tsx imports it dynamically so it
 * evaluates in a task of its own; without the tag a cold start would fetch it only once the entry has run.
 */
export function routeTablePreload(): Plugin {
  return {
    name: 'vbo:route-table-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunk = chunkNamed(chunksOf(ctx.bundle), ROUTE_TABLE_CHUNK)
        return [{ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` }, injectTo: 'head' }]
      },
    },
  }
}

/** The first signed-in screen's two chunk groups (decision 100), by the names `firstScreenGroups` gives them. */
const FIRST_SCREEN_CHUNKS = ['signed-in', 'first-common']

/**
 * The files a first signed-in screen runs that index.html does not already load: the two chunk groups, the route
 * files' split halves (small facades over the groups), and every chunk those import statically, transitively (the
 * route-set `shared` pieces the groups leave out, decision 100). Found only as each arrives, they were a third round
 * trip on a cold start.
 */
function firstScreenFiles(chunks: OutputChunk[]): string[] {
  // The chunks' static imports as a graph of files, for the same walk as the modules'.
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const files: Graph = { getModuleInfo: (file) => ({ importedIds: byFile.get(file)?.imports ?? [], dynamicallyImportedIds: [] }) }
  const fileNames = (roots: OutputChunk[]) => roots.map((chunk) => chunk.fileName)
  // What index.html's own tags load: the entry with its imports, and the route table (decision 113).
  const loaded = staticClosure(files, fileNames(chunks.filter((chunk) => chunk.isEntry || chunk.name === ROUTE_TABLE_CHUNK)))
  const groups = FIRST_SCREEN_CHUNKS.map((name) => chunkNamed(chunks, name))
  const routeHalves = chunks.filter(
    (chunk) => chunk.facadeModuleId?.includes('tsr-split') && FIRST_SCREEN_ROUTES.includes(chunk.facadeModuleId.split('?')[0]!),
  )
  // The two groups first, as index.html asks for them in this order: the largest files, which import most of the rest.
  const wanted = new Set([...fileNames(groups), ...staticClosure(files, fileNames([...groups, ...routeHalves]))])
  return [...wanted].filter((file) => !loaded.has(file)).map((file) => `/${file}`)
}

/**
 * Decision 115: on a device with a session, index.html asks for the files of the first signed-in screen
 * (`firstScreenFiles`) while its head is parsed, beside the entry, instead of once the entry and the route table have
 * run (one or two more round trips on a cold start, after the largest downloads). A device without one (a customer
 * opening a pay link, a stranger) fetches none of it, nor does a page a service worker controls: the precache
 * answers the chunks with no round trip to save. An inline script, as only it runs before the entry; the server
 * allows it by its hash (src/server/http/static-site.ts). `tokenKey` is lib/session-store.ts's key for the token.
 */
export function signedInPreload(tokenKey: string): Plugin {
  return {
    name: 'vbo:signed-in-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const files = firstScreenFiles(chunksOf(ctx.bundle))
        const script =
          `try{if(localStorage.getItem(${JSON.stringify(tokenKey)})&&!navigator.serviceWorker?.controller)for(const href of ${JSON.stringify(files)}){` +
          `const link=document.createElement('link');link.rel='modulepreload';link.crossOrigin='';link.href=href;` +
          `document.head.appendChild(link)}}catch{}`
        return [{ tag: 'script', children: script, injectTo: 'head' }]
      },
    },
  }
}
