/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_APP_ENV?: string
  readonly VITE_API_BASE_URL?: string
  readonly VITE_AUTH_BASE_URL?: string
  readonly VITE_ADMIN_PANEL_URL?: string
  readonly VITE_API_TIMEOUT_MS?: string
  readonly VITE_APP_VERSION?: string
}

/** The parsed configuration, defined by vite.config.ts (see src/config/env.ts). */
declare const __APP_CONFIG__: import('./config/app-config').AppConfig

interface ImportMeta {
  readonly env: ImportMetaEnv
}

/**
 * True only in the browser-stub modes (vite.config.ts): the stub runs in the page through MSW.
 * Read it directly where it guards code, so the minifier drops that code from every other build.
 */
declare const __BROWSER_STUB__: boolean
