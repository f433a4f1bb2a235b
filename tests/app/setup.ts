// jsdom setup for the app project. Plain vitest expects (no jest-dom).
import 'fake-indexeddb/auto'

import * as webStreams from 'node:stream/web'

import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// findBy* waits 1 s by default. The first test of a file also loads its lazy route chunks, which on a loaded
// 2-core machine (CI runs the server suite alongside) took longer than that: a screen that is merely slow must
// not fail. A screen that never comes still fails, within the test's own timeout.
configure({ asyncUtilTimeout: 5_000 })

// The app project runs in vmThreads (decision 095): each file gets a fresh jsdom window as its global object, which
// has only what jsdom defines, where the forks pool laid jsdom over Node's globals. MSW needs Node's web streams
// (ReadableStream, WritableStream, TransformStream…), so they are put back, the same classes as before.
for (const [name, value] of Object.entries(webStreams)) {
  if (!(name in globalThis)) Object.defineProperty(globalThis, name, { configurable: true, writable: true, value })
}

// Every file expects a fresh window and fresh modules (the toaster loads with the first toast, the session and the
// outbox start empty). With one worker (--no-file-parallelism), or --pool=forks --no-isolate, Vitest runs the files
// one after another in the same global object instead, and a file would fail because of the one before it.
const FILE_SEEN = Symbol.for('vbo.app-test-file')
if ((globalThis as Record<symbol, unknown>)[FILE_SEEN]) {
  throw new Error('tests/app files must each get a fresh window: run them with at least two workers (decision 095)')
}
;(globalThis as Record<symbol, unknown>)[FILE_SEEN] = true

// Testing Library only cleans up by itself when test globals are on; they are off here.
afterEach(() => {
  cleanup()
})

// jsdom has no layout engine: media queries never match, so every test sees the phone layout.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  })
}

// jsdom does not scroll (no layout) and prints "Not implemented: Window's scrollTo() method" on every call: the
// router scrolls to the top on each navigation, so without this the suite's log is hundreds of such lines.
window.scrollTo = () => {}

// Some Ark parts measure themselves; jsdom lacks these observers.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
}

if (!Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => {}
}
