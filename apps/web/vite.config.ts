import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import {
  defaultClientConditions,
  defaultServerConditions,
  defineConfig,
  loadEnv,
  type Plugin,
  runnerImport,
  type UserConfig,
} from 'vite'
import { configDefaults } from 'vitest/config'
import { testOptions } from '../../vitest.preset.ts'
import { eagerCommonJs } from './scripts/eager-commonjs.mjs'
import { MSW_WORKER_FILE } from './scripts/site.mjs'
import type * as AppConfigModule from './src/config/app-config'

// Workspace packages are read from source in development and tests (no watch builds needed).
const sourceCondition = '@devenv/source'
const appDir = import.meta.dirname

/**
 * The site's configuration, parsed once here from the VITE_* variables (and .env files) with the
 * site's own parser: a bad value fails the build with its reason, and the browser gets the result
 * as a constant (src/config/env.ts) without shipping the parser. The dev server, tests and
 * `vite build --mode development` mean the development environment, `--mode demo` the demo, unless
 * VITE_APP_ENV says.
 */
async function appConfig(command: 'build' | 'serve', mode: string) {
  const { module } = await runnerImport<typeof AppConfigModule>('/src/config/app-config.ts', {
    root: appDir,
    configFile: false,
    logLevel: 'error',
    resolve: { conditions: [sourceCondition, ...defaultServerConditions] },
    // runnerImport evaluates in an environment of its own, 'inline', whose settings are not the
    // top level's: without these, Node resolves the workspace packages by their built dist/,
    // which a fresh clone does not have (npm run dev failed there).
    environments: {
      inline: {
        resolve: {
          conditions: [sourceCondition, ...defaultServerConditions],
          noExternal: [/^@devenv\//],
        },
      },
    },
  })
  const variables = loadEnv(mode, appDir, 'VITE_')
  const development = command === 'serve' || mode === 'development'
  // `vite build --mode demo` (pnpm build:demo) is the demo environment unless VITE_APP_ENV says.
  const implied = mode === 'demo' ? 'demo' : development ? 'development' : undefined
  const config = module.parseAppConfig({
    ...variables,
    VITE_APP_ENV: variables.VITE_APP_ENV || implied,
  })
  // With the stub in the page there is no stub server, and so no /__dev/sso: the Dashboard opens
  // the page's own receiver, as the demo's does, unless VITE_ADMIN_PANEL_URL names another.
  return BROWSER_STUB_MODES.includes(mode) && !variables.VITE_ADMIN_PANEL_URL
    ? { ...config, adminPanelUrl: module.DEMO_ADMIN_PANEL_PATH }
    : config
}

/** The browser stub's log lines, from the page to the dev server (src/lib/browser-stub.ts). */
const STUB_EXCHANGE_EVENT = 'devenv:stub-exchange'

/** MSW's service worker script, served and emitted at the site's root: its scope is the whole site. */
function mswWorkerScript(): Plugin {
  // Read from the installed msw, so the script always matches the library's version.
  const source = () =>
    readFileSync(createRequire(import.meta.url).resolve(`msw/${MSW_WORKER_FILE}`), 'utf8')
  return {
    name: 'devenv:msw-worker-script',
    configureServer(server) {
      // The browser stub's line per request, sent by src/lib/browser-stub.ts: shown here too, so
      // the terminal of `npm run dev -- --stub=browser` logs the API as the stub server's does.
      server.hot.on(STUB_EXCHANGE_EVENT, (line: unknown) => {
        if (typeof line === 'string') server.config.logger.info(line, { timestamp: true })
      })
      server.middlewares.use(`/${MSW_WORKER_FILE}`, (_request, response) => {
        response.setHeader('Content-Type', 'text/javascript; charset=utf-8')
        response.setHeader('Cache-Control', 'no-store')
        response.end(source())
      })
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: MSW_WORKER_FILE, source: source() })
    },
  }
}

/**
 * The modes in which the stub runs inside the browser (MSW's service worker): `vite --mode
 * browser-stub` (npm run dev -- --stub=browser) and `vite build --mode demo` (the static demo).
 * In every other mode __BROWSER_STUB__ is false, the stub's dynamic import is dead code and
 * neither the stub nor the worker script reaches the build (scripts/check-no-stub.mjs proves it).
 */
const BROWSER_STUB_MODES = ['browser-stub', 'demo']

export default defineConfig(async ({ command, mode }): Promise<UserConfig> => {
  const browserStub = BROWSER_STUB_MODES.includes(mode)
  return {
    define: {
      __APP_CONFIG__: JSON.stringify(await appConfig(command, mode)),
      __BROWSER_STUB__: JSON.stringify(browserStub),
    },
    plugins: [
      tanstackRouter({
        target: 'react',
        autoCodeSplitting: true,
        quoteStyle: 'single',
        semicolons: false,
      }),
      react(),
      eagerCommonJs(),
      browserStub ? mswWorkerScript() : null,
    ],
    resolve: { conditions: [sourceCondition, ...defaultClientConditions] },
    // Each development server its own optimised dependencies: two sharing node_modules/.vite (the
    // stub server's mode and the browser stub's, or a second `npm run dev` stopped while it was
    // optimising) replaced or removed each other's, and the first then answered every library
    // with 504 "Outdated Optimize Dep" until restarted (seen in a clean-clone run on one CPU).
    cacheDir:
      process.env.WEB_DEV_CACHE_DIR ??
      `node_modules/.vite/${browserStub ? 'browser-stub' : 'site'}`,
    // The dependency scan crawls every module of the site, not only what index.html reaches
    // first: a library met later (a lazy route's, the auth modal's, the page's stub) made Vite
    // optimise it mid-visit and reload the page, which lost a form being filled in a cold
    // `npm run dev` (e2e-dev/).
    optimizeDeps: { entries: ['index.html', 'src/**/*.{ts,tsx}', '!src/**/*.test.{ts,tsx}'] },
    ssr: {
      resolve: { conditions: [sourceCondition, ...defaultServerConditions] },
      // Bundled so the prerender script needs no workspace resolution at run time.
      noExternal: [/^@devenv\//],
    },
    build: {
      // The stub's chunk (its contract's precompiled checks and MSW) is ~1 MB and is loaded only
      // where the stub runs in the browser; elsewhere Vite's default warning stands.
      ...(browserStub ? { chunkSizeWarningLimit: 1500 } : {}),
      // The theme script stays inline (hashed in the CSP); nothing else may become inline.
      assetsInlineLimit: 0,
      // The prerenderer reads it to preload each page's own route chunks.
      manifest: true,
      // Every browser the site supports has modulepreload: the polyfill would only add weight.
      modulePreload: { polyfill: false },
      rolldownOptions: {
        output: {
          // What every page needs at start (tag $initial: the entry's static imports) comes in two
          // chunks, the libraries and the app shell, beside the entry's own few hundred bytes,
          // instead of a dozen crumbs under 2 KB that the entry happens to share with lazy routes.
          codeSplitting: {
            groups: [
              {
                name: 'framework',
                test: /[\\/]node_modules[\\/]/,
                tags: ['$initial'],
                priority: 2,
              },
              // The entry (index.html and src/main.tsx) stays out, as a chunk of its own: a group
              // that held it would leave the page no entry, only this chunk, whose start yields
              // between its parts (top-level await, src/start-up/).
              {
                name: 'index',
                tags: ['$initial'],
                test: (id) => !/[\\/](index\.html|src[\\/]main\.tsx)$/.test(id),
                priority: 1,
              },
            ],
          },
        },
      },
    },
    server: {
      port: Number(process.env.WEB_DEV_PORT ?? 5173),
      strictPort: true,
      // API_UPSTREAM points /api elsewhere, e.g. at the contract's validation proxy in front of the stub.
      proxy: { '/api': process.env.API_UPSTREAM ?? `http://127.0.0.1:${process.env.PORT ?? 4010}` },
    },
    test: testOptions('web', {
      environment: 'happy-dom',
      include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'],
      setupFiles: ['src/test-setup.ts'],
      exclude: [...configDefaults.exclude, 'e2e/**', 'e2e-demo/**'],
    }),
  }
})
