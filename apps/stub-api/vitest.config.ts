import { packageTests } from '../../vitest.preset.ts'

export default packageTests('stub-api', { fromSource: true })
