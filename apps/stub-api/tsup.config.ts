import { defineConfig } from 'tsup'

export default defineConfig([
  {
    entry: ['src/server.ts', 'src/cli.ts', 'src/dev-client.ts', 'src/msw/node.ts'],
    format: ['esm'],
    // No declarations: every reader of the stub's types (type checks, the toolkit's bundled
    // declarations) reads its source under @devenv/source, and they were 12.8 of the build's 14.6
    // CPU-seconds.
    dts: false,
    clean: true,
    target: 'node20',
    // Workspace packages are bundled in, so the built stub runs without building them first.
    noExternal: [/^@devenv\//],
    // @devenv/openapi brings CommonJS (ajv, yaml) that requires Node built-ins at run time.
    banner: {
      js: "import { createRequire as __stubCreateRequire } from 'node:module'; const require = __stubCreateRequire(import.meta.url);",
    },
    esbuildOptions(options) {
      options.conditions = ['@devenv/source']
    },
  },
  {
    // The browser stub (`@devenv/stub-api/msw`): everything bundled, for the browser platform,
    // so `msw-bundle.test.ts` can prove no Fastify and no Node built-in reached it.
    entry: { 'msw/index': 'src/msw/index.ts' },
    format: ['esm'],
    platform: 'browser',
    target: 'es2022',
    noExternal: [/.*/],
    // One file: msw/browser is imported on start, inline rather than a chunk beside it.
    splitting: false,
    // What a browser downloads, so docs/benchmarks.md reports the size that matters.
    minify: true,
    esbuildOptions(options) {
      options.conditions = ['@devenv/source', 'browser']
      options.alias = { graphql: './src/msw/no-graphql.ts' }
    },
  },
])
