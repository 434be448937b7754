import { defineConfig } from 'tsup'

export default defineConfig({
  entry: ['src/server.ts', 'src/cli.ts'],
  format: ['esm'],
  dts: { entry: 'src/server.ts' },
  clean: true,
  target: 'node20',
  // Workspace packages are bundled in, so the built stub runs without building them first.
  noExternal: [/^@devenv\//],
  esbuildOptions(options) {
    options.conditions = ['@devenv/source']
  },
})
