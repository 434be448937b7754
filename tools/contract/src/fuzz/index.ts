export { FUZZ_JWT_SECRET } from './bearer'
export { CHECKS, type CheckName } from './checks'
export { documentedRules } from './documented-rules'
export { type FuzzOptions, type FuzzResult, runFuzz } from './property-run'
export { fuzzRunReport, reproducerOf } from './report'
export { MODEL_DELETE_SECONDS, MODEL_PROVISION_SECONDS } from './stateful/model'
export { runStateful, type StatefulOptions, type StatefulResult } from './stateful/run'
export { formatFailure, formatTable, Tally } from './tally'
export { fuzzTarget } from './target'
export {
  type Answer,
  devClientOf,
  FUZZ_CLOCK_START,
  type FuzzTransport,
  httpTransport,
  inProcessTransport,
  type OutgoingRequest,
} from './transport'
