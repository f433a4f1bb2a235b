// jsdom setup for the app project. Plain vitest expects (no jest-dom).
import 'fake-indexeddb/auto'

import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// findBy* waits 1 s by default. The first test of a file also loads its lazy route chunks, which on a loaded
// 2-core machine (CI runs the server suite alongside) took longer than that: a screen that is merely slow must
// not fail. A screen that never comes still fails, within the test's own timeout.
configure({ asyncUtilTimeout: 5_000 })

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
