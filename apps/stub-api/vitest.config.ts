import { defineProject } from 'vitest/config'

export default defineProject({
  resolve: { conditions: ['@devenv/source'] },
  ssr: { resolve: { conditions: ['@devenv/source'] } },
  test: {
    name: 'stub-api',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
})
