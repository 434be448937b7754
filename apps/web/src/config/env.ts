import type { AppConfig } from './app-config'

export type { AppConfig } from './app-config'

/**
 * The site's configuration, parsed and checked from the build's VITE_* variables at build time
 * (vite.config.ts runs parseAppConfig): a bad variable fails the build instead of every visitor's
 * page, and the parser (zod) stays out of the browser's first load.
 */
export const env: AppConfig = __APP_CONFIG__
