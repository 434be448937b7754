export { type Contract, loadContract } from '@devenv/openapi'
export type { Credentials } from './check/context'
export { invalidBodies, invalidParameters, invalidRequests } from './check/generators'
export { checkTarget, type RunOptions } from './check/runner'
export {
  CHANGE_RULES,
  type ChangedOperation,
  type ChangeRule,
  type ChangeRuleId,
  type ContractChange,
  type ContractDiff,
  ContractDiffError,
  countChanges,
  diffContracts,
  type Side,
} from './diff'
export { targetOf } from './http'
export {
  devMailbox,
  type LinkParams,
  type Mailbox,
  mailDevMailbox,
  waitForLink,
} from './mailbox'
export {
  buildRunReport,
  type Coverage,
  closingLine,
  coverageOfExchanges,
  formatCoverage,
  formatSummary,
  type RunReport,
  type Totals,
  toJUnitXml,
  totalsOf,
  writeReports,
} from './report'
