/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/client" />

/** Stamped at build time; busts the persisted query cache when the app changes. */
declare const __BUILD_ID__: string

interface ImportMetaEnv {
  readonly VITE_API_URL?: string
}
