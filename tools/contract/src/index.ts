export type { Credentials } from './context'
export { type Contract, loadContract } from './contract'
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
