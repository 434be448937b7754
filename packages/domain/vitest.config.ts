import { packageTests } from '../../vitest.preset.ts'

// From source: the contract's rules (@devenv/openapi/facts) are generated before tests run, built only later.
export default packageTests('domain', { fromSource: true })
