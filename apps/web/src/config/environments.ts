/**
 * Deployment environments of the site itself (not the customers' development environments): the
 * four of CONF-1, and `demo`, the static copy with the stub in the browser (`pnpm build:demo`).
 */
export const ENVIRONMENTS = ['development', 'stage', 'main', 'production', 'demo'] as const
export type EnvironmentName = (typeof ENVIRONMENTS)[number]
export const DEFAULT_ENVIRONMENT: EnvironmentName = 'main'
export const DEFAULT_APP_VERSION = '1.0.0'
/**
 * The reCAPTCHA flag (CONF-3), off by default: an environment can state it
 * (VITE_RECAPTCHA_ENABLED), and nothing reads it, so it switches nothing. No reCAPTCHA is built;
 * the sign-up and forgot-password modals always show the site's own puzzle.
 */
export const DEFAULT_RECAPTCHA_ENABLED = false

export const ENVIRONMENT_TITLE_SUFFIXES: Readonly<Record<EnvironmentName, string>> = {
  development: '(Development)',
  stage: '(Stage)',
  main: '',
  production: '',
  // The demo says so in its bar ('Demo Mode') and in its one title.
  demo: '',
}

export function isEnvironmentName(value: unknown): value is EnvironmentName {
  return (ENVIRONMENTS as readonly unknown[]).includes(value)
}

/** An unknown or missing name means the default environment. */
export function parseEnvironmentName(value: unknown): EnvironmentName {
  return isEnvironmentName(value) ? value : DEFAULT_ENVIRONMENT
}

export function isDebugEnvironment(environment: EnvironmentName): boolean {
  return environment === 'development'
}

/** A page title marked with its environment, so a stage tab is never mistaken for production. */
export function pageTitle(title: string, environment: EnvironmentName): string {
  const suffix = ENVIRONMENT_TITLE_SUFFIXES[environment]
  return suffix === '' ? title : `${title} ${suffix}`
}

/**
 * Developer tools are blocked for signed-out visitors, except where debugging is on (UI-4)
 * and in the demo, whose visitors are there to look inside.
 */
export function shouldBlockDeveloperTools(
  signedIn: boolean,
  environment: EnvironmentName,
): boolean {
  return !signedIn && !isDebugEnvironment(environment) && environment !== 'demo'
}
