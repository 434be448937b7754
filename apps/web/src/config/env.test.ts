import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, parseAppConfig } from './app-config'

describe('parseAppConfig', () => {
  it('defaults to main: same-origin API, no title suffix, debug off, version 1.0.0, 10 s timeout (API-3, CONF-1)', () => {
    expect(parseAppConfig({})).toEqual({
      appEnv: 'main',
      apiBaseUrl: '',
      authBaseUrl: '',
      adminPanelUrl: 'https://admin.main.devenv.example/sso',
      titleSuffix: '',
      debug: false,
      appVersion: '1.0.0',
      apiTimeoutMs: 10_000,
      recaptchaEnabled: false,
    })
  })

  it('the recaptcha flag is off unless an environment says true (CONF-3)', () => {
    expect(parseAppConfig({ VITE_RECAPTCHA_ENABLED: 'true' }).recaptchaEnabled).toBe(true)
    expect(parseAppConfig({ VITE_RECAPTCHA_ENABLED: 'false' }).recaptchaEnabled).toBe(false)
    expect(parseAppConfig({ VITE_RECAPTCHA_ENABLED: '' }).recaptchaEnabled).toBe(false)
    expect(() => parseAppConfig({ VITE_RECAPTCHA_ENABLED: 'yes' })).toThrow(
      /VITE_RECAPTCHA_ENABLED/,
    )
  })

  it('the recaptcha flag switches nothing: no module outside the configuration reads it (CONF-3)', () => {
    const src = join(__dirname, '..')
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const path = join(dir, entry.name)
        if (entry.isDirectory()) return sources(path)
        return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
      })
    const readers = sources(src)
      .filter((path) => /recaptcha/i.test(readFileSync(path, 'utf8')))
      .map((path) => relative(src, path))
    expect(readers.sort()).toEqual(['config/app-config.ts', 'config/environments.ts'])
  })

  it('demo opens its own single-sign-on receiver page, without debugging', () => {
    const config = parseAppConfig({ VITE_APP_ENV: 'demo' })
    expect(config.appEnv).toBe('demo')
    expect(config.adminPanelUrl).toBe('/demo/admin-panel')
    expect(config.debug).toBe(false)
    expect(config.titleSuffix).toBe('')
  })

  it('development points the admin panel at the stub and turns debugging on (CONF-1, CONF-2)', () => {
    const config = parseAppConfig({ VITE_APP_ENV: 'development' })
    expect(config.adminPanelUrl).toBe('http://127.0.0.1:4010/__dev/sso')
    expect(config.debug).toBe(true)
    expect(config.titleSuffix).toBe('(Development)')
  })

  it('stage has its suffix and no debugging (CONF-1)', () => {
    const config = parseAppConfig({ VITE_APP_ENV: 'stage' })
    expect(config.titleSuffix).toBe('(Stage)')
    expect(config.debug).toBe(false)
  })

  it('each environment has its own admin panel address (CONF-2)', () => {
    const addresses = (['development', 'stage', 'main', 'production'] as const).map(
      (name) => parseAppConfig({ VITE_APP_ENV: name }).adminPanelUrl,
    )
    expect(addresses).toEqual([
      'http://127.0.0.1:4010/__dev/sso',
      'https://admin.stage.devenv.example/sso',
      'https://admin.main.devenv.example/sso',
      'https://admin.devenv.example/sso',
    ])
  })

  it('an unknown environment name falls back to main', () => {
    expect(parseAppConfig({ VITE_APP_ENV: 'qa' }).appEnv).toBe('main')
  })

  it('VITE_ variables override the preset; the auth base follows the API base (API-3, CONF-2, RESET-6)', () => {
    const config = parseAppConfig({
      VITE_APP_ENV: 'production',
      VITE_API_BASE_URL: 'https://api.devenv.example/',
      VITE_ADMIN_PANEL_URL: 'https://panel.devenv.example/sso',
      VITE_API_TIMEOUT_MS: '15000',
      VITE_APP_VERSION: '2.1.0',
    })
    expect(config.apiBaseUrl).toBe('https://api.devenv.example')
    expect(config.authBaseUrl).toBe('https://api.devenv.example')
    expect(config.adminPanelUrl).toBe('https://panel.devenv.example/sso')
    expect(config.apiTimeoutMs).toBe(15_000)
    expect(config.appVersion).toBe('2.1.0')
  })

  it('blank values mean "not set"', () => {
    expect(parseAppConfig({ VITE_API_TIMEOUT_MS: '', VITE_API_BASE_URL: ' ' }).apiTimeoutMs).toBe(
      10_000,
    )
  })

  it('rejects a malformed address or timeout with a readable error', () => {
    expect(() => parseAppConfig({ VITE_API_BASE_URL: 'not a url' })).toThrow(ConfigError)
    expect(() => parseAppConfig({ VITE_API_TIMEOUT_MS: '-5' })).toThrow(/VITE_API_TIMEOUT_MS/)
  })
})
