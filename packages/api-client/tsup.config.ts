import { defineConfig } from 'tsup'

export default defineConfig({
  entry: [
    'src/index.ts',
    'src/query.ts',
    'src/telemetry.ts',
    'src/generated/openapi.ts',
    'src/generated/contract.ts',
  ],
  format: ['esm'],
  dts: true,
  clean: true,
  target: 'es2022',
  external: ['@tanstack/react-query'],
})
