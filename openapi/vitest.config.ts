import { defineProject } from 'vitest/config'

export default defineProject({
  test: {
    name: 'openapi',
    environment: 'node',
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    // Vitest's 5 s and 10 s defaults fail on a slow two-core machine under load (ten times an
    // idle one); a hung test still ends within a minute.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})
