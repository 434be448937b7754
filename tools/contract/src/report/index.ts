// The reports every subcommand writes and prints: one RunReport, three files, one summary.
export {
  type Coverage,
  coverageOfExchanges,
  coverageShortfall,
  formatCoverage,
  NO_CHECK,
  type RuleToCover,
  reportedCoverage,
  ruleCoverageOf,
  rulesOf,
  uncoveredRuleReason,
  withRuleCoverage,
} from './coverage'
export {
  type CheckEvent,
  checkEvent,
  checkEventsOf,
  type RunHandler,
  RunStream,
  type ToldEvent,
} from './events'
export { type Exchange, exchangeOf } from './exchange'
export { toHtml } from './html'
export { toJUnitXml } from './junit'
export { MergeError, mergeShardReports } from './merge'
export { redactRequest, redactText, variablesOf } from './redact'
export { curlCommand } from './reproducer'
export {
  buildRunReport,
  exchangesOf,
  labelFailures,
  partMatches,
  type RunReport,
  toReportJson,
  untestedParts,
} from './run-report'
export { inShard, type Shard, type ShardPosition, shardOfRun } from './shard'
export {
  type CheckResult,
  closingLine,
  type Finding,
  type Suite,
  type SuiteKind,
  type Totals,
  totalsOf,
} from './suites'
export { formatSummary } from './summary'
export { REPORT_FILES, reportFileOutput, reportPath, writeReports } from './write'
