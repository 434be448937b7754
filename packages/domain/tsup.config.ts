import { defineConfig } from 'tsup'

// One output file per source module, so that subpath imports (and bundlers) take only what they use.
export default defineConfig({
  entry: ['src/**/*.ts', '!src/**/*.test.ts'],
  format: ['esm'],
  dts: true,
  clean: true,
  splitting: false,
  treeshake: true,
  target: 'es2022',
  // The contract's rules stay the contract package's: a changed contract needs no rebuilt copy here.
  external: ['@devenv/openapi'],
})
