export type { Credentials } from './context'
export { type Contract, loadContract } from './contract'
export { invalidBodies, invalidParameters, invalidRequests } from './generators'
export { targetOf } from './http'
export {
  buildRunReport,
  type Coverage,
  closingLine,
  coverageOf,
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
  documentedOperations,
  type RunOptions,
  runContract,
  STUB_SEEDED_ACCOUNT,
} from './runner'
