import { defineConfig } from 'tsup'

// @devenv/openapi stays external: it reads openapi.yaml from beside its own dist/ at run time.
export default defineConfig({
  entry: ['src/index.ts', 'src/cli.ts'],
  format: ['esm'],
  dts: { entry: 'src/index.ts' },
  clean: true,
  target: 'node20',
  platform: 'node',
})
