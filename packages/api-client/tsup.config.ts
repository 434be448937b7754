import { defineConfig } from 'tsup'

export default defineConfig({
  entry: ['src/index.ts', 'src/query.ts', 'src/telemetry.ts', 'src/contract.ts'],
  format: ['esm'],
  dts: true,
  clean: true,
  target: 'es2022',
  external: ['@tanstack/react-query'],
})
