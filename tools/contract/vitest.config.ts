import { defineProject } from 'vitest/config'

export default defineProject({
  resolve: { conditions: ['@devenv/source'] },
  ssr: { resolve: { conditions: ['@devenv/source'] } },
  test: {
    name: 'contract',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // The run against the in-process stub takes a few seconds of real time (lifecycles, scrypt).
    testTimeout: 60_000,
  },
})
