import { defineConfig } from 'tsup'

// Dependencies (ajv, ajv-formats, yaml) stay external; openapi.yaml is read at run time from
// next to dist/, so the bundle never holds a stale copy of the contract.
export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  dts: true,
  clean: true,
  splitting: false,
  treeshake: true,
  target: 'es2022',
  platform: 'node',
})
