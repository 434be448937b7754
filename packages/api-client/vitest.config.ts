import { packageTests } from '../../vitest.preset.ts'

export default packageTests('api-client', {
  typecheck: { enabled: true, include: ['src/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
})
