export { CHECKS, type CheckName } from './checks'
export { documentedRules } from './documented-rules'
export { type FuzzOptions, type FuzzResult, runFuzz } from './property-run'
export { fuzzRunReport, reproducerOf } from './report'
export { runStateful, type StatefulOptions, type StatefulResult } from './stateful/run'
export { formatFailure, formatTable, Tally } from './tally'
export { fuzzTarget } from './target'
export {
  type Answer,
  devClientOf,
  FUZZ_CLOCK_START,
  FUZZ_JWT_SECRET,
  type FuzzTransport,
  httpTransport,
  inProcessTransport,
  type OutgoingRequest,
  STUB_DELETE_SECONDS,
  STUB_PROVISION_SECONDS,
} from './transport'
