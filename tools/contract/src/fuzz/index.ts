export {
  type Answer,
  devClientOf,
  httpTransport,
  inProcessTransport,
  type Transport,
  type WireRequest,
} from '../http'
export { FUZZ_JWT_SECRET } from './bearer'
export { CHECKS, type CheckName } from './checks'
export { documentedRules } from './documented-rules'
export { type FuzzOptions, type FuzzResult, runFuzz } from './property-run'
export { reproducerOf } from './report'
export { MODEL_DELETE_SECONDS, MODEL_PROVISION_SECONDS } from './stateful/model'
export { runStateful, type StatefulOptions, type StatefulResult } from './stateful/run'
export { FUZZ_CLOCK_START } from './stub-world'
export { formatFailure, formatTable, Tally } from './tally'
export { fuzzTarget } from './target'
