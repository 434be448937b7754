import { type Contract, isJsonObject, loadContract } from '@devenv/openapi'
import type { Credentials } from '@devenv/openapi/dev-protocol'
import { STUB_SESSION_HEADER } from '@devenv/openapi/dev-protocol'
import fc from 'fast-check'
import type { Answer, Transport, WireRequest } from '../http'
import { printable } from '../report/printable'
import { inShard, type ShardPosition } from '../report/shard'
import { apiWorlds } from './api-world'
import { type RunBound, SHRINK_STEPS } from './bound'
import { type CheckName, type Exchange, judge } from './checks'
import { documentedRules } from './documented-rules'
import { type DocumentedRules, prepare } from './prepared-request'
import { type FuzzCase, fuzzCases } from './requests'
import { createBreakers } from './schema-breakers'
import { createValueGenerator } from './schema-values'
import { setupCallOf } from './setup-call'
import { FUZZ_CLOCK_START, stubWorlds } from './stub-world'
import { shownBody, signatureOf, Tally } from './tally'
import {
  GivenAccountRefused,
  type Principal,
  type SetupCall,
  WORLD_SOURCES,
  type World,
  WorldSetupError,
  type WorldSource,
} from './world'

// Apart from its worlds, so the same batches, rounds and shrinking hold a stub or any server.

export type FuzzOptions = {
  /** The server: over HTTP (`httpTransport`) or in process (`inProcessTransport`); the caller closes it. */
  transport: Transport
  /** The contract to hold the server to (default the bundled one). */
  contract?: Contract
  /** Generated requests to send at least (world set-up requests come on top). */
  requests: number
  seed: number
  /** Progress lines (the CLI prints them; tests stay quiet). */
  log?: (line: string) => void
  /** Failures to shrink and print; the rest are counted only. */
  shrinkLimit?: number
  /** The target's clock at the start (ms); the fuzz stub's fixed one by default. */
  clockStart?: number
  /** Sends only this shard's batches of the run the seed draws (`--shard i/n`). */
  shard?: ShardPosition
  /** The checks to judge by; every one of CHECKS by default. */
  checks?: ReadonlySet<CheckName>
  /** The run's time bound (`--max-time`): this part ends at its share, and says what it cut. */
  bound?: RunBound
  /** After each batch, the tally so far: the run tells the verdicts it changed as they are known. */
  onBatch?: (tally: Tally) => void
  /**
   * Through the API instead of stub sessions: the two accounts every batch signs in (`user`
   * under test, `demo` another one), and how long a deletion may take to be seen gone.
   */
  api?: {
    accounts: Record<Principal, Credentials>
    waitMs: number
    /** The run registered the accounts itself: no other run uses them, their passwords may change. */
    own?: boolean
  }
}

export type FuzzResult = {
  tally: Tally
  seed: number
  durationMs: number
  batches: number
  /** Generated requests not sent because they would change a given account for good. */
  withheld: number
  /** What the run could not build, and so did not test. */
  notes: string[]
  /**
   * The server's answer that ended the part early: a world's set-up it would not give (a 429 of
   * a sign-in, a full quota). What was sent before it is judged; the rest is a skipped part.
   */
  stoppedBy?: string
}

/** A world's set-up the server would not give: the part stops, and says so, rather than the run. */
const isServersRefusal = (error: unknown): error is WorldSetupError =>
  error instanceof WorldSetupError && !(error instanceof GivenAccountRefused)

/** Average generated requests per batch (one world each); sizes vary from 1 to 2 × this. */
const BATCH_SIZE = 40

class FailureFound extends Error {
  override name = 'FailureFound'
  constructor(
    message: string,
    readonly request: WireRequest,
    readonly status: number,
  ) {
    super(message)
  }
}

type Engine = {
  contract: Contract
  transport: Transport
  rules: DocumentedRules
  worlds: WorldSource
  withheld: number
}

/**
 * One batch: a fresh world, then the generated requests in order. With `stopAt`, the batch ends
 * at the first failure of that signature (what comes after it cannot change that it failed: a
 * replay while shrinking needs no more).
 */
async function runBatch(engine: Engine, cases: readonly FuzzCase[], tally: Tally, stopAt?: string) {
  const { world, call } = await engine.worlds.next((session) =>
    setupCallOf(engine.transport, engine.contract, session, tally),
  )
  try {
    return await sendBatch(engine, world, call, cases, tally, stopAt)
  } finally {
    await world.cleanUp(call)
  }
}

async function sendBatch(
  engine: Engine,
  world: World,
  call: SetupCall,
  cases: readonly FuzzCase[],
  tally: Tally,
  stopAt: string | undefined,
) {
  const failures: Array<{
    signature: string
    problem: string
    exchange: Exchange
    request: WireRequest
  }> = []
  for (const fuzzCase of cases) {
    const prepared = await prepare(engine.contract, world, fuzzCase, engine.rules)
    if (world.withholds(fuzzCase.operationId, prepared.body)) {
      engine.withheld += 1
      continue
    }
    await world.keepClearOfLock(fuzzCase.operationId, prepared.body, call)
    const answer: Answer = await engine.transport.send(prepared.request)
    const exchange: Exchange = { ...prepared.exchange, answer }
    const verdicts = tally.judged(judge(engine.contract, exchange))
    tally.record('fuzz', exchange, verdicts, prepared.request)
    for (const { check, problem } of verdicts) {
      if (problem !== undefined)
        failures.push({
          signature: signatureOf(check, exchange.operationId),
          problem,
          exchange,
          request: prepared.request,
        })
    }
    // Observed first: the clean-up must know of a password the server changed, even then.
    world.observe(fuzzCase.operationId, prepared.body, prepared.principal, answer)
    await world.undoSharedChange(prepared.principal, call)
    if (stopAt !== undefined && failures.some((failure) => failure.signature === stopAt)) break
  }
  return failures
}

function describeExchange(exchange: Exchange, problem: string, sent: WireRequest): string {
  const headers = Object.entries(exchange.request.headers)
    .filter(([name]) => name !== STUB_SESSION_HEADER)
    .map(([name, value]) => `${name}: ${printable(value)}`)
    .join('\n')
  // The answer is the server's: one line, its control characters shown.
  const text = printable(
    exchange.answer.text.length > 600
      ? `${exchange.answer.text.slice(0, 600)}…`
      : exchange.answer.text,
  )
  return [
    problem,
    `${exchange.request.method} ${exchange.request.url}`,
    headers,
    `body: ${shownBody(sent, exchange.request.body)}`,
    `answer: ${exchange.answer.status} ${printable(String(exchange.answer.headers['content-type'] ?? ''))} ${text}`,
  ]
    .filter((line) => line !== '')
    .join('\n')
}

/**
 * Sends at least `requests` generated requests to the target, a fresh world per batch, and
 * checks every answer. Each distinct failure (check and operation) is then replayed from the same
 * seed and shrunk by fast-check to the smallest batch that still fails that way.
 */
export async function runFuzz(options: FuzzOptions): Promise<FuzzResult> {
  const started = performance.now()
  const log = options.log ?? (() => undefined)
  const contract = options.contract ?? loadContract()
  const values = createValueGenerator(
    contract.document,
    (component) => WORLD_SOURCES[component] ?? [],
  )
  const breakers = createBreakers(contract.document, contract.validator, values)
  const batches = fc.array(fuzzCases(contract, values, breakers), {
    minLength: 1,
    maxLength: BATCH_SIZE * 2 - 1,
    size: 'max',
  })
  const tally = new Tally(contract, options.checks)
  const { bound } = options
  bound?.watch(tally)
  let sessions = 0
  // Shards of one run may share a target: each keeps to stub sessions of its own.
  const prefix = options.shard
    ? `fuzz-${options.seed}-shard-${options.shard.index}-of-${options.shard.total}`
    : `fuzz-${options.seed}`
  const nextSession = () => `${prefix}-${++sessions}`
  const transport = options.transport
  const callFor = (session: string | undefined) => setupCallOf(transport, contract, session, tally)
  // Ended before its first batch: the set-up of the run's state met an answer it cannot use.
  const ended = (stoppedBy: string): FuzzResult => ({
    tally,
    seed: options.seed,
    durationMs: performance.now() - started,
    batches: 0,
    withheld: 0,
    notes: [],
    stoppedBy,
  })
  let built: { worlds: WorldSource; notes: string[] }
  let models: Answer
  try {
    built = options.api
      ? await apiWorlds({
          accounts: options.api.accounts,
          waitMs: options.api.waitMs,
          own: options.api.own ?? false,
          call: callFor(undefined),
          nextSession,
        })
      : {
          worlds: stubWorlds({
            transport,
            contract,
            nextSession,
            clockStart: options.clockStart ?? FUZZ_CLOCK_START,
          }),
          notes: [],
        }
    // The models the target offers: "an unknown model" is one listModels does not answer.
    models = await built.worlds.modelsOffered(callFor)
  } catch (error) {
    if (!isServersRefusal(error)) throw error
    return ended(error.message)
  }
  const { worlds, notes } = built
  const knownModels =
    isJsonObject(models.json) && Array.isArray(models.json.items)
      ? models.json.items.flatMap((item) =>
          isJsonObject(item) && typeof item.id === 'string' ? [item.id] : [],
        )
      : []
  const engine: Engine = {
    contract,
    transport,
    rules: documentedRules(knownModels, contract),
    worlds,
    withheld: 0,
  }

  // Where each distinct failure first happened: the round's seed and the run's index in it,
  // which is fast-check's replay path.
  const firstSeen = new Map<string, { seed: number; run: number }>()
  let rounds = 0
  let batchCount = 0
  // The whole run's batches are drawn in every shard, so each shard knows which are its own and
  // when the run ends: a batch sends one request per case, whichever shard sends it.
  let drawn = 0
  let planned = 0
  let cut = false
  let stoppedBy: string | undefined
  if (bound) bound.phase = 'properties'
  while (planned < options.requests && !cut) {
    const remaining = options.requests - planned
    const seed = (options.seed + rounds++) >>> 0
    let run = -1
    const recording = fc.asyncProperty(batches, async (cases) => {
      run += 1
      // Past its share of --max-time the part sends nothing more; fast-check draws the rest.
      if (cut || bound?.past('properties')) {
        cut = true
        return
      }
      planned += cases.length
      if (bound) bound.done = Math.min(1, planned / options.requests)
      if (!inShard(options.shard, drawn++)) return
      batchCount += 1
      try {
        for (const { signature } of await runBatch(engine, cases, tally)) {
          if (!firstSeen.has(signature)) firstSeen.set(signature, { seed, run })
        }
      } catch (error) {
        // The part ends here, its batches so far judged; a failed property would be shrunk,
        // and every replay would meet the same answer.
        if (!isServersRefusal(error)) throw error
        stoppedBy = `${error.message} (in batch ${batchCount})`
        cut = true
      }
      options.onBatch?.(tally)
    })
    const details = await fc.check(recording, {
      seed,
      numRuns: Math.max(1, Math.ceil(remaining / BATCH_SIZE)),
    })
    // The recording property never fails: this is an error of the fuzzer itself.
    if (details.failed) {
      throw details.errorInstance instanceof Error
        ? details.errorInstance
        : new Error(String(details.errorInstance))
    }
  }

  if (cut && stoppedBy === undefined)
    bound?.cut(
      `${tally.requests.fuzz.toLocaleString('en-US')} of ${options.requests.toLocaleString('en-US')} generated requests sent`,
    )

  // Shrink each distinct failure: replay its batch (seed and path) failing on that signature
  // only, within SHRINK_STEPS replays and an even share of the time left for shrinking.
  const toShrink = [...tally.failures.values()].slice(0, options.shrinkLimit ?? 10)
  if (bound) {
    bound.phase = 'shrinking'
    bound.done = 0
  }
  let shrinkingCut = 0
  for (const [index, example] of toShrink.entries()) {
    const seen = firstSeen.get(example.signature)
    if (bound) bound.done = index / toShrink.length
    if (!seen) continue
    const timeMs = bound ? bound.leftFor('shrinking') / (toShrink.length - index) : undefined
    if (timeMs !== undefined && timeMs < 1) {
      example.shrunk = 'not shrunk: --max-time left no time for it'
      shrinkingCut += 1
      continue
    }
    log(`  shrinking ${example.signature}`)
    let steps = SHRINK_STEPS
    const scratch = new Tally(contract, options.checks)
    let refused: WorldSetupError | undefined
    const replay = fc.asyncProperty(batches, async (cases) => {
      if (steps-- <= 0 || refused) return
      let failures: Awaited<ReturnType<typeof runBatch>>
      try {
        failures = await runBatch(engine, cases, scratch, example.signature)
      } catch (error) {
        if (!isServersRefusal(error)) throw error
        refused = error
        return
      }
      for (const failure of failures) {
        if (failure.signature === example.signature) {
          throw new FailureFound(
            describeExchange(failure.exchange, failure.problem, failure.request),
            failure.request,
            failure.exchange.answer.status,
          )
        }
      }
    })
    const details = await fc.check(replay, {
      seed: seen.seed,
      path: String(seen.run),
      ...(timeMs !== undefined ? { interruptAfterTimeLimit: Math.ceil(timeMs) } : {}),
    })
    const stoppedBy =
      steps < 0
        ? `; shrinking cut after ${SHRINK_STEPS} replays`
        : details.interrupted
          ? `; shrinking cut after ${Math.ceil((timeMs ?? 0) / 1000)} s by --max-time`
          : ''
    if (stoppedBy !== '') shrinkingCut += 1
    const found = details.errorInstance
    if (refused && !(found instanceof FailureFound)) {
      example.shrunk = `not shrunk: a replay's ${refused.message}`
      continue
    }
    if (details.failed && found instanceof FailureFound)
      example.shrunkRequest = { request: found.request, status: found.status }
    example.shrunk =
      details.failed && details.counterexample !== null
        ? `${found instanceof Error ? found.message : String(found)}\n(${details.numShrinks} shrinks${stoppedBy}; replay with --seed ${options.seed})`
        : details.interrupted
          ? 'not shrunk: --max-time ended the replay before it failed again'
          : 'did not fail again on replay (it depends on state the replay did not rebuild)'
  }
  if (shrinkingCut > 0)
    bound?.cut(
      `the shrinking of ${shrinkingCut} of ${toShrink.length} ${toShrink.length === 1 ? 'failure' : 'failures'} (each is still reported as found)`,
    )
  return {
    tally,
    seed: options.seed,
    durationMs: performance.now() - started,
    batches: batchCount,
    withheld: engine.withheld,
    notes,
    ...(stoppedBy === undefined ? {} : { stoppedBy }),
  }
}
