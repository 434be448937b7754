// The reports every subcommand writes and prints: one RunReport, three files, one summary.
export {
  COVERAGE_KINDS,
  type Coverage,
  type CoverageKind,
  coverageLine,
  coverageOfExchanges,
  coverageShortfall,
  formatCoverage,
  reportedCoverage,
  type Uncovered,
} from './coverage'
export {
  type CheckEvent,
  checkEvent,
  checkEventsOf,
  type RunEvent,
  type RunHandler,
  RunStream,
  type ToldEvent,
} from './events'
export { type Exchange, exchangeOf } from './exchange'
export { escapeHtml, toHtml } from './html'
export { escapeXml, toJUnitXml } from './junit'
export { MergeError, mergeShardReports } from './merge'
export {
  type Piece,
  redactRequest,
  redactText,
  variablesOf,
} from './redact'
export { curlCommand } from './reproducer'
export {
  acceptSkips,
  buildRunReport,
  exchangesOf,
  labelFailures,
  type OperationResult,
  partMatches,
  type RunFailure,
  type RunMode,
  type RunReport,
  type RunReportInput,
  type SinceReport,
  toReportJson,
  untestedParts,
} from './run-report'
export {
  contractDigest,
  inShard,
  type Shard,
  type ShardPosition,
  shardOfRun,
} from './shard'
export {
  type CheckResult,
  type CheckStatus,
  closingLine,
  countChecks,
  type Finding,
  INTERRUPTED_PART,
  SINCE_LABEL_TEXT,
  type SinceLabel,
  type SkippedPart,
  type Suite,
  type SuiteKind,
  type Totals,
  totalsOf,
} from './suites'
export { formatSummary } from './summary'
export { REPORT_FILES, reportFileOutput, reportPath, writeReports } from './write'
