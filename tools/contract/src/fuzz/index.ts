export { CHECKS, type CheckName } from './checks'
export { fuzzRunReport, reproducerOf } from './report'
export { documentedRules, type FuzzOptions, type FuzzResult, runFuzz } from './run'
export { runStateful, type StatefulOptions, type StatefulResult } from './stateful/run'
export { buildFuzzStub, startFuzzStub } from './stub'
export { formatFailure, formatTable, Tally } from './tally'
export { fuzzTarget } from './target'
export {
  type Answer,
  devClientOf,
  type FuzzTransport,
  httpTransport,
  inProcessTransport,
  type OutgoingRequest,
} from './transport'
