export { type Contract, loadContract } from '@devenv/openapi'
export type { Credentials } from './context'
export { invalidBodies, invalidParameters, invalidRequests } from './generators'
export { targetOf } from './http'
export {
  buildRunReport,
  type Coverage,
  closingLine,
  coverageOfExchanges,
  formatCoverage,
  formatSummary,
  type Report,
  type RunReport,
  type Totals,
  toJUnitXml,
  totalsOf,
  writeReports,
} from './report'
export {
  checkTarget,
  type RunOptions,
  runContract,
  STUB_SEEDED_ACCOUNT,
} from './runner'
