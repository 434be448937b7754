import { API_TIMEOUT_MS } from '@devenv/domain/session'
import * as z from 'zod/mini'
import {
  DEFAULT_APP_VERSION,
  DEFAULT_RECAPTCHA_ENABLED,
  ENVIRONMENT_TITLE_SUFFIXES,
  ENVIRONMENTS,
  type EnvironmentName,
  isDebugEnvironment,
  parseEnvironmentName,
} from './environments'

/** Everything the site knows about where it runs (src/config/env.ts gives it to the site). */
export type AppConfig = {
  appEnv: EnvironmentName
  /** Origin of the API ('' = same origin: nginx or the dev server forwards /api). */
  apiBaseUrl: string
  /** Origin of the separate auth service (RESET-6: defaults to the API base). */
  authBaseUrl: string
  /**
   * Where the Dashboard button sends the browser by single sign-on (CONF-2): an address, or
   * a path of this site (the demo's own receiver page), which is opened without leaving it.
   */
  adminPanelUrl: string
  titleSuffix: string
  debug: boolean
  appVersion: string
  apiTimeoutMs: number
  /** Google reCAPTCHA instead of the site's puzzle: off, and not built (see environments.ts). */
  recaptchaEnabled: boolean
}

type Preset = Pick<AppConfig, 'apiBaseUrl' | 'adminPanelUrl'>

/** The demo's page that receives the Dashboard's single sign-on (src/routes/demo/admin-panel.tsx). */
export const DEMO_ADMIN_PANEL_PATH = '/demo/admin-panel'

// Same-origin API everywhere; only the admin panel differs per environment.
const PRESETS: Readonly<Record<EnvironmentName, Preset>> = {
  development: { apiBaseUrl: '', adminPanelUrl: 'http://127.0.0.1:4010/__dev/sso' },
  stage: { apiBaseUrl: '', adminPanelUrl: 'https://admin.stage.devenv.example/sso' },
  main: { apiBaseUrl: '', adminPanelUrl: 'https://admin.main.devenv.example/sso' },
  production: { apiBaseUrl: '', adminPanelUrl: 'https://admin.devenv.example/sso' },
  // The stub's single-sign-on receiver, as a page of the demo: no admin panel exists there.
  demo: { apiBaseUrl: '', adminPanelUrl: DEMO_ADMIN_PANEL_PATH },
}

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value

const optionalOrigin = z.optional(
  z.pipe(z.transform(blankToUndefined), z.optional(z.union([z.literal(''), z.url()]))),
)

const variablesSchema = z.object({
  VITE_APP_ENV: z.catch(z.optional(z.enum(ENVIRONMENTS)), undefined),
  VITE_API_BASE_URL: optionalOrigin,
  VITE_AUTH_BASE_URL: optionalOrigin,
  VITE_ADMIN_PANEL_URL: z.optional(z.pipe(z.transform(blankToUndefined), z.optional(z.url()))),
  VITE_API_TIMEOUT_MS: z.optional(
    z.pipe(
      z.transform(blankToUndefined),
      z.optional(z.coerce.number().check(z.int(), z.positive(), z.lte(120_000))),
    ),
  ),
  VITE_RECAPTCHA_ENABLED: z.optional(
    z.pipe(z.transform(blankToUndefined), z.optional(z.enum(['true', 'false']))),
  ),
  VITE_APP_VERSION: z.optional(
    z.pipe(z.transform(blankToUndefined), z.optional(z.string().check(z.maxLength(32)))),
  ),
})

export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** Parses the build's variables; an unknown environment name means the default (main). */
export function parseAppConfig(variables: Record<string, unknown>): AppConfig {
  const parsed = variablesSchema.safeParse(variables)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Invalid site configuration: ${problems.join('; ')}`)
  }
  const values = parsed.data
  const appEnv = parseEnvironmentName(values.VITE_APP_ENV)
  const preset = PRESETS[appEnv]
  const apiBaseUrl = (values.VITE_API_BASE_URL ?? preset.apiBaseUrl).replace(/\/+$/, '')
  return {
    appEnv,
    apiBaseUrl,
    authBaseUrl: (values.VITE_AUTH_BASE_URL ?? apiBaseUrl).replace(/\/+$/, ''),
    adminPanelUrl: values.VITE_ADMIN_PANEL_URL ?? preset.adminPanelUrl,
    titleSuffix: ENVIRONMENT_TITLE_SUFFIXES[appEnv],
    debug: isDebugEnvironment(appEnv),
    appVersion: values.VITE_APP_VERSION ?? DEFAULT_APP_VERSION,
    apiTimeoutMs: values.VITE_API_TIMEOUT_MS ?? API_TIMEOUT_MS,
    recaptchaEnabled:
      values.VITE_RECAPTCHA_ENABLED === undefined
        ? DEFAULT_RECAPTCHA_ENABLED
        : values.VITE_RECAPTCHA_ENABLED === 'true',
  }
}
