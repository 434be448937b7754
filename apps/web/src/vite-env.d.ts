/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_APP_ENV?: string
  readonly VITE_API_BASE_URL?: string
  readonly VITE_AUTH_BASE_URL?: string
  readonly VITE_ADMIN_PANEL_URL?: string
  readonly VITE_API_TIMEOUT_MS?: string
  readonly VITE_APP_VERSION?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
