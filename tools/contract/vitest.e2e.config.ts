import { defineProject } from 'vitest/config'

// The packed CLI's test (`test:e2e`): needs devenv-contract.tgz and the built stub, which turbo
// makes first.
export default defineProject({
  test: {
    name: 'contract-packed',
    environment: 'node',
    include: ['e2e/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
})
