import { defineConfig } from 'tsup'

// Dependencies (ajv, ajv-formats, yaml) stay external; the main entry reads openapi.yaml at run
// time from next to dist/, so it never holds a stale copy of the contract. The portable entry
// carries the document and its precompiled checks as data; types and facts are entries of their
// own (all four in src/generated/, made by turbo's generate task), and so is the stub's development
// protocol (its constants and client, importing nothing at run time).
export default defineConfig({
  entry: [
    'src/index.ts',
    'src/portable.ts',
    'src/generated/types.ts',
    'src/generated/facts.ts',
    'src/dev-protocol.ts',
  ],
  format: ['esm'],
  dts: true,
  clean: true,
  splitting: false,
  treeshake: true,
  target: 'es2022',
  platform: 'node',
})
