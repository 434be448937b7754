import { packageTests } from '../../vitest.preset.ts'

export default packageTests('contract', {
  fromSource: true,
  include: ['src/**/*.test.ts', 'test/*.test.ts'],
})
