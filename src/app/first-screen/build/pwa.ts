import { VitePWA } from 'vite-plugin-pwa'

import { FILE_CACHE, FILES_PATH } from '../../lib/file-cache.ts'
import { LOGIN_PAGE } from './login-page.ts'

/**
 * The service worker precaches the app shell and answers navigations with index.html (and `/` with the login
 * page), so the app opens with no network. It never caches API answers: the persisted query cache is the one offline store of data. The one
 * exception is uploaded files (product images, QR codes), which are immutable blobs rather than data: cached on
 * first sight so product lists keep their pictures offline (docs/decisions/032).
 * 'prompt' means a new version waits for the user to accept it, never reloading under a half-typed form.
 */
export function pwa() {
  return VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
    manifest: {
      name: 'Vendor Back-office',
      short_name: 'Vendor',
      description: 'Take payments, manage orders, products, your wallet and outlets.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      // Outlet tablets stand in landscape on the counter (issue 22): the layout holds at 1180×820 and 820×1180.
      orientation: 'any',
      background_color: '#ffffff',
      theme_color: '#0b6e4f',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      // `/` is the prerendered login page (decision 099): the precache answers it before the fallback is asked.
      // Every other navigation gets the app shell.
      directoryIndex: LOGIN_PAGE,
      navigateFallback: '/index.html',
      navigateFallbackDenylist: [/^\/api\//],
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      // The PDF card's jsPDF/html2canvas chunks are loaded on demand; precaching them would triple the install. So are
      // the label sheet's JsBarcode and the scanner's ZXing, which need the network to look a code up anyway (175).
      globIgnores: ['**/jspdf*', '**/html2canvas*', '**/purify*', '**/index.es*', '**/JsBarcode*', '**/zxing-reader*'],
      cleanupOutdatedCaches: true,
      runtimeCaching: [
        {
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith(FILES_PATH),
          handler: 'CacheFirst',
          options: {
            cacheName: FILE_CACHE,
            // About a catalogue's thumbnails and pictures at ~150 kB each: tens of MB at most, pruned oldest first.
            expiration: { maxEntries: 400, maxAgeSeconds: 60 * 24 * 60 * 60, purgeOnQuotaError: true },
            cacheableResponse: { statuses: [200] },
          },
        },
      ],
    },
  })
}
