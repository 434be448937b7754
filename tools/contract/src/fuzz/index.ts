export { CHECKS, type CheckName } from './checks'
export { fuzzTarget } from './command'
export { fuzzRunReport, reproducerOf } from './report'
export { documentedRules, type FuzzOptions, type FuzzResult, runFuzz } from './run'
export { runStateful, type StatefulOptions, type StatefulResult } from './stateful'
export { buildFuzzStub, startFuzzStub } from './stub'
export { formatFailure, formatTable, Tally } from './tally'
export {
  type Answer,
  devClientOf,
  type FuzzTransport,
  httpTransport,
  inProcessTransport,
  type OutgoingRequest,
} from './transport'
