import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

import type { Plugin } from 'vite'

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|css|html|svg|webmanifest|json)$/
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })
}

/**
 * Writes a brotli (.br) and a gzip (.gz) copy next to every built text file, once, at build time (decision 080).
 * The server sends the copy the browser accepts (serveStatic's `precompressed`), so a phone on a slow network
 * downloads the login screen's JS at about a fifth of its size, and no request pays for compressing it.
 */
export function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      // resolve, not join: an absolute --outDir is where the build went, not a folder under the root.
      outDir = resolve(config.root, config.build.outDir)
    },
    // After the service worker is written (vite-plugin-pwa's closeBundle), so sw.js is compressed too.
    closeBundle: {
      order: 'post',
      handler() {
        for (const file of filesUnder(outDir)) {
          if (!COMPRESSIBLE.test(file)) continue
          const body = readFileSync(file)
          if (body.length < MIN_BYTES) continue
          writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
          writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }))
        }
      },
    },
  }
}
