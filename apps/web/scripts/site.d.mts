// Types of site.mjs for the TypeScript that reads it (the browser specs).
export type PrerenderedRoute = {
  path: string
  file: string
  /** The page for an address with a query, where it differs (nginx serves it then). */
  withQuery?: string
  source: string
  sitemap: boolean
}
export const PRERENDERED_ROUTES: readonly PrerenderedRoute[]
export const CLIENT_ROUTES: readonly string[]
export const APP_SHELL_FILE: string
export const DEFAULT_SITE_ORIGIN: string
export const MSW_WORKER_FILE: string
export const BROWSER_STUB_MARKERS: readonly string[]
