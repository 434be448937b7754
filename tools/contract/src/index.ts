export { type Contract, loadContract } from '@devenv/openapi'
export type { Credentials } from './context'
export { invalidBodies, invalidParameters, invalidRequests } from './generators'
export { targetOf } from './http'
export {
  closingLine,
  formatSummary,
  type Report,
  type Totals,
  toJUnitXml,
  totalsOf,
} from './report'
export { type RunOptions, runContract, STUB_SEEDED_ACCOUNT } from './runner'
