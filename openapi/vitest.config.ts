import { packageTests } from '../vitest.preset.ts'

export default packageTests('openapi', { include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'] })
