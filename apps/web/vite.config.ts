import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite'
import { configDefaults } from 'vitest/config'

// Workspace packages are read from source in development and tests (no watch builds needed).
const sourceCondition = '@devenv/source'

export default defineConfig({
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
    rolldownOptions: {
      output: {
        // What every page needs at start (tag $initial: the entry's static imports) comes in two
        // chunks, the libraries and the app shell, instead of a dozen shared crumbs under 2 KB.
        codeSplitting: {
          groups: [{ name: 'framework', test: /[\\/]node_modules[\\/]/, tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    port: Number(process.env.WEB_DEV_PORT ?? 5173),
    strictPort: true,
    proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 4010}` },
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    exclude: [...configDefaults.exclude, 'e2e/**'],
  },
})
