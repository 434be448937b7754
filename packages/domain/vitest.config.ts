import { packageTests } from '../../vitest.preset.ts'

export default packageTests('domain')
