import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import {
  defaultClientConditions,
  defaultServerConditions,
  defineConfig,
  loadEnv,
  runnerImport,
  type UserConfig,
} from 'vite'
import { configDefaults } from 'vitest/config'
import type * as AppConfigModule from './src/config/app-config'

// Workspace packages are read from source in development and tests (no watch builds needed).
const sourceCondition = '@devenv/source'
const appDir = import.meta.dirname

/**
 * The site's configuration, parsed once here from the VITE_* variables (and .env files) with the
 * site's own parser: a bad value fails the build with its reason, and the browser gets the result
 * as a constant (src/config/env.ts) without shipping the parser. The dev server, tests and
 * `vite build --mode development` mean the development environment unless VITE_APP_ENV says.
 */
async function appConfig(command: 'build' | 'serve', mode: string) {
  const { module } = await runnerImport<typeof AppConfigModule>('/src/config/app-config.ts', {
    root: appDir,
    configFile: false,
    logLevel: 'error',
    resolve: { conditions: [sourceCondition, ...defaultServerConditions] },
    ssr: {
      resolve: { conditions: [sourceCondition, ...defaultServerConditions] },
      noExternal: [/^@devenv\//],
    },
  })
  const variables = loadEnv(mode, appDir, 'VITE_')
  const development = command === 'serve' || mode === 'development'
  return module.parseAppConfig({
    ...variables,
    VITE_APP_ENV: variables.VITE_APP_ENV || (development ? 'development' : undefined),
  })
}

export default defineConfig(
  async ({ command, mode }): Promise<UserConfig> => ({
    define: { __APP_CONFIG__: JSON.stringify(await appConfig(command, mode)) },
    plugins: [
      tanstackRouter({
        target: 'react',
        autoCodeSplitting: true,
        quoteStyle: 'single',
        semicolons: false,
      }),
      react(),
    ],
    resolve: { conditions: [sourceCondition, ...defaultClientConditions] },
    ssr: {
      resolve: { conditions: [sourceCondition, ...defaultServerConditions] },
      // Bundled so the prerender script needs no workspace resolution at run time.
      noExternal: [/^@devenv\//],
    },
    build: {
      // The theme script stays inline (hashed in the CSP); nothing else may become inline.
      assetsInlineLimit: 0,
      // The prerenderer reads it to preload each page's own route chunks.
      manifest: true,
      // Every browser the site supports has modulepreload: the polyfill would only add weight.
      modulePreload: { polyfill: false },
      rolldownOptions: {
        output: {
          // What every page needs at start (tag $initial: the entry's static imports) comes in two
          // chunks, the libraries and the app shell (the entry itself), instead of a dozen crumbs
          // under 2 KB that the entry happens to share with lazy routes.
          codeSplitting: {
            groups: [
              {
                name: 'framework',
                test: /[\\/]node_modules[\\/]/,
                tags: ['$initial'],
                priority: 2,
              },
              { name: 'index', tags: ['$initial'], priority: 1 },
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
    test: {
      name: 'web',
      environment: 'happy-dom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['src/test-setup.ts'],
      exclude: [...configDefaults.exclude, 'e2e/**'],
    },
  }),
)
