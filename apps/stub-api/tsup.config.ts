import { defineConfig } from 'tsup'

export default defineConfig({
  entry: ['src/server.ts', 'src/cli.ts', 'src/dev-client.ts'],
  format: ['esm'],
  dts: { entry: ['src/server.ts', 'src/dev-client.ts'] },
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
})
