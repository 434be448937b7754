import { packageTests } from '../vitest.preset.ts'

export default packageTests('openapi', {
  include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
  // One module graph per worker: each file compiled the contract's checks afresh, and the files
  // share no state they change (no mocks, no stubbed globals).
  isolate: false,
})
