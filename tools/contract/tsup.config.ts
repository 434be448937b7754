import { defineConfig } from 'tsup'

// @devenv/openapi stays external: it reads openapi.yaml from beside its own dist/ at run time.
// The proxy's judging thread is an entry of its own, beside the bundle that starts it.
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    cli: 'src/cli/bin.ts',
    'judging-thread': 'src/proxy/judging-thread.ts',
    // What a test written by `replay --write-tests` imports.
    replay: 'src/replay/library.ts',
  },
  format: ['esm'],
  dts: { entry: { index: 'src/index.ts', replay: 'src/replay/library.ts' } },
  clean: true,
  target: 'node20',
  platform: 'node',
})
