import { defineConfig } from 'vitest/config'

// `pnpm vitest` at the root runs every package's project at once (node for packages and the
// stub, happy-dom for web components); turbo runs each package's own `vitest run` for caching.
export default defineConfig({
  test: {
    projects: [
      'packages/*/vitest.config.ts',
      'apps/*/vitest.config.ts',
      'apps/web/vite.config.ts',
      'openapi/vitest.config.ts',
      'tools/*/vitest.config.ts',
    ],
  },
})
