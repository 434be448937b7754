import { defineProject } from 'vitest/config'

// The packed CLI's test (`test:e2e`): needs devenv-contract.tgz and the built stub, which turbo
// makes first.
export default defineProject({
  test: {
    name: 'contract-packed',
    environment: 'node',
    include: ['e2e/**/*.test.ts'],
    // npm install and whole CLI runs: a minute or more on a slow two-core machine under load.
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
})
