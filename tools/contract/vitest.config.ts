import { defineProject } from 'vitest/config'

export default defineProject({
  resolve: { conditions: ['@devenv/source'] },
  ssr: { resolve: { conditions: ['@devenv/source'] } },
  test: {
    name: 'contract',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The run against the in-process stub takes a few seconds of real time (lifecycles, scrypt),
    // ten times that on a slow two-core machine under load; a hung test still ends.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})
