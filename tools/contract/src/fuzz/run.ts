import { randomBytes } from 'node:crypto'
import { COMMON_PASSWORDS } from '@devenv/domain/common-passwords'
import {
  commonPasswordRuleError,
  type NewPasswordRule,
  newPasswordRuleError,
} from '@devenv/domain/password'
import { type Contract, isJsonObject, loadContract } from '@devenv/openapi'
import { type Credentials, DEV_PATHS, STUB_SESSION_HEADER } from '@devenv/openapi/dev-protocol'
import fc from 'fast-check'
import { printable } from '../report/printable'
import { inShard, type ShardPosition } from '../report/shard'
import { type RunBound, SHRINK_STEPS } from './bound'
import { type CheckName, type Exchange, judge } from './checks'
import { type DocumentedRules, type FuzzCase, fuzzCases, prepare } from './requests'
import { createBreakers } from './schema-breakers'
import { createValueGenerator } from './schema-values'
import { signatureOf, Tally } from './tally'
import {
  type Answer,
  FUZZ_CLOCK_START,
  type FuzzTransport,
  type OutgoingRequest,
} from './transport'
import {
  type AccountState,
  LOCK_HEADROOM,
  type Principal,
  restorableProfile,
  type SetupCall,
  WORLD_SOURCES,
  World,
  type WorldSetting,
  WorldSetupError,
} from './world'

export type FuzzOptions = {
  /** The server: over HTTP (`httpTransport`) or in process (`inProcessTransport`); the caller closes it. */
  transport: FuzzTransport
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
}

/** Average generated requests per batch (one world each); sizes vary from 1 to 2 × this. */
const BATCH_SIZE = 40

class FailureFound extends Error {
  override name = 'FailureFound'
  constructor(
    message: string,
    readonly request: OutgoingRequest,
    readonly status: number,
  ) {
    super(message)
  }
}

/**
 * The domain's rules for a new password (those the site and the stub apply): the rule of where it
 * is chosen, and the common-password rule beside it (a common, repeated or sequential one).
 */
const refusedPassword = (password: unknown, rule: NewPasswordRule) =>
  typeof password === 'string' &&
  (newPasswordRuleError(password, rule) !== null ||
    commonPasswordRuleError(password, COMMON_PASSWORDS) !== null)

/**
 * The contract's business rules that answer 400 'Validation errors' to a schema-valid body,
 * each quoted from the operation's description, and one known gap of the contract.
 */
export function documentedRules(knownModels: readonly string[]): DocumentedRules {
  return (operationId, body, world) => {
    if (!isJsonObject(body)) return []
    switch (operationId) {
      case 'chatCompletion':
        // "an unknown model answers 400 with `errors.model`"
        return typeof body.model === 'string' && !knownModels.includes(body.model) ? ['model'] : []
      case 'changePassword':
        // "`newPassword` must be 8 to 128 characters, have a strength of at least 40 (...) and
        // differ from the old one"
        return body.newPassword === body.oldPassword || refusedPassword(body.newPassword, 'change')
          ? ['newPassword']
          : []
      case 'register':
        // "`password` must have a strength of at least 40 of 100"
        return refusedPassword(body.password, 'registration') ? ['password'] : []
      case 'setPassword':
        // "`password` must have at least 8 characters with an upper-case letter, a lower-case
        // letter and a digit"
        return refusedPassword(body.password, 'reset') ? ['password'] : []
      case 'requestDemo': {
        // "`preferredDate` is optional and, when given, must not be in the past (UTC)"
        const today = new Date(world.now()).toISOString().slice(0, 10)
        return typeof body.preferredDate === 'string' && body.preferredDate < today
          ? ['preferredDate']
          : []
      }
      case 'updateProfile':
        // A known gap, not a rule: the contract's PersonName allows a name of spaces only, the
        // stub refuses it (as the site does). Reported; see docs/decisions/contract.md, "`PersonName` allows a name of spaces".
        return (['firstName', 'lastName'] as const).filter(
          (field) => typeof body[field] === 'string' && String(body[field]).trim() === '',
        )
      default:
        return []
    }
  }
}

type Engine = {
  contract: Contract
  stub: FuzzTransport
  rules: DocumentedRules
  nextSession: () => string
  clockStart: number
  /** Through the API: the accounts, the run's tag in names, its freed environment. */
  api?: {
    accounts: Record<Principal, Credentials>
    tag: string
    freed: string | undefined
    waitMs: number
    profiles: Partial<Record<Principal, Record<string, unknown>>>
    own: boolean
  }
  withheld: number
}

/** The setting of the next batch's world: a stub session of its own, or names of its own. */
function worldSetting(engine: Engine): WorldSetting {
  const session = engine.nextSession()
  if (!engine.api) return { kind: 'session', session, clockStart: engine.clockStart }
  return {
    kind: 'api',
    accounts: engine.api.accounts,
    names: `${engine.api.tag}-${session.slice(session.lastIndexOf('-') + 1)}`,
    freed: engine.api.freed,
    waitMs: engine.api.waitMs,
    profiles: engine.api.profiles,
    own: engine.api.own,
  }
}

function setupCall(engine: Engine, session: string | undefined, tally: Tally): SetupCall {
  return async (operationId, { method, path, body, token }) => {
    const headers: Record<string, string> =
      session === undefined ? {} : { [STUB_SESSION_HEADER]: session }
    if (body !== undefined) headers['content-type'] = 'application/json'
    if (token !== undefined) headers.authorization = `Bearer ${token}`
    const url = path.startsWith(DEV_PATHS.index) ? path : `/api${path}`
    const answer = await engine.stub.send({
      method,
      url,
      headers,
      ...(body !== undefined ? { payload: Buffer.from(JSON.stringify(body)) } : {}),
    })
    if (operationId !== '') {
      const exchange: Exchange = {
        operationId,
        request: { method, url, headers, body: JSON.stringify(body) ?? '(none)' },
        answer,
        input: 'positive',
        auth: engine.contract.byId.get(operationId)?.requiresAuth ? 'valid' : 'public',
        ruleFields: [],
      }
      tally.record('setup', exchange, judge(engine.contract, exchange))
    }
    return answer
  }
}

/**
 * One batch: a fresh world in its own stub session, then the generated requests in order. With
 * `stopAt`, the batch ends at the first failure of that signature (what comes after it cannot
 * change that it failed: a replay while shrinking needs no more).
 */
async function runBatch(engine: Engine, cases: readonly FuzzCase[], tally: Tally, stopAt?: string) {
  const setting = worldSetting(engine)
  const call = setupCall(engine, setting.kind === 'session' ? setting.session : undefined, tally)
  const world = await World.create(setting, call)
  try {
    return await sendBatch(engine, world, call, cases, tally, stopAt)
  } finally {
    await world.cleanUp(call)
  }
}

/** A right sign-in of a given account: it resets the count of the login lock (signIn's description). */
async function resetLock(account: AccountState, call: SetupCall): Promise<void> {
  const answer = await call('signIn', {
    method: 'POST',
    path: '/auth/auth',
    body: { email: account.email, password: account.password },
  })
  const opened = isJsonObject(answer.json) ? answer.json.refresh_token : undefined
  if (answer.status !== 200 || typeof opened !== 'string')
    throw new WorldSetupError(
      `the sign-in of ${account.email} that resets its login lock answered ${answer.status} ${answer.text}`,
    )
  account.opened.push(opened)
  account.lockFailures = 0
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
    request: OutgoingRequest
  }> = []
  for (const fuzzCase of cases) {
    const prepared = await prepare(engine.contract, world, fuzzCase, engine.rules)
    if (world.wouldChangePassword(fuzzCase.operationId, prepared.body)) {
      engine.withheld += 1
      continue
    }
    const counted = world.lockedAccountOf(fuzzCase.operationId, prepared.body)
    if (counted && counted.lockFailures >= LOCK_HEADROOM) await resetLock(counted, call)
    const answer: Answer = await engine.stub.send(prepared.request)
    const exchange: Exchange = { ...prepared.exchange, answer }
    const verdicts = tally.judged(judge(engine.contract, exchange))
    tally.record('fuzz', exchange, verdicts)
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
    if (prepared.principal && engine.api)
      await world.putProfileBack(
        prepared.principal,
        call,
        world.accounts[prepared.principal].access,
      )
    if (stopAt !== undefined && failures.some((failure) => failure.signature === stopAt)) break
  }
  return failures
}

/**
 * Through the API, the run's freed environment: one of the user's, created, deleted and polled
 * until the target answers 404 for it (within `waitMs`). Nothing a batch does can change a
 * deleted environment, so every batch shares it. Undefined when it was not gone in time.
 */
async function freedEnvironment(
  engine: Engine,
  accounts: Record<Principal, Credentials>,
  tag: string,
  tally: Tally,
  waitMs: number,
): Promise<string | undefined> {
  const call = setupCall(engine, undefined, tally)
  const signIn = await call('signIn', { method: 'POST', path: '/auth/auth', body: accounts.user })
  const tokens = isJsonObject(signIn.json) ? signIn.json : {}
  if (signIn.status !== 200 || typeof tokens.access_token !== 'string')
    throw new WorldSetupError(
      `the sign-in of ${accounts.user.email} answered ${signIn.status} ${signIn.text}`,
    )
  const token = tokens.access_token
  try {
    const created = await call('createEnvironment', {
      method: 'POST',
      path: '/environments',
      token,
      body: { name: `${tag}-freed`, template: 'node-20', size: 'starter', region: 'eu-central' },
    })
    const id = isJsonObject(created.json) ? created.json.id : undefined
    if (created.status !== 201 || typeof id !== 'string')
      throw new WorldSetupError(`creating ${tag}-freed answered ${created.status} ${created.text}`)
    await call('deleteEnvironment', { method: 'DELETE', path: `/environments/${id}`, token })
    const deadline = performance.now() + waitMs
    let pause = 100
    while (performance.now() < deadline) {
      const seen = await call('getEnvironment', {
        method: 'GET',
        path: `/environments/${id}`,
        token,
      })
      if (seen.status === 404) return id
      await new Promise((resolve) => setTimeout(resolve, pause))
      pause = Math.min(pause * 2, 2_000)
    }
    return undefined
  } finally {
    await call('signOut', {
      method: 'POST',
      path: '/auth/logout',
      body: { refreshToken: tokens.refresh_token },
    })
  }
}

function describeExchange(exchange: Exchange, problem: string): string {
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
    `body: ${printable(exchange.request.body)}`,
    `answer: ${exchange.answer.status} ${printable(String(exchange.answer.headers['content-type'] ?? ''))} ${text}`,
  ]
    .filter((line) => line !== '')
    .join('\n')
}

/** Through the API, each account's profile as the run begins: what a generated update is undone to. */
async function profilesFound(
  engine: Engine,
  accounts: Record<Principal, Credentials>,
  tally: Tally,
): Promise<Partial<Record<Principal, Record<string, unknown>>>> {
  const call = setupCall(engine, undefined, tally)
  const profiles: Partial<Record<Principal, Record<string, unknown>>> = {}
  for (const principal of ['user', 'demo'] as const) {
    const signIn = await call('signIn', {
      method: 'POST',
      path: '/auth/auth',
      body: accounts[principal],
    })
    const tokens = isJsonObject(signIn.json) ? signIn.json : {}
    const profile = await call('getProfile', {
      method: 'GET',
      path: '/user/profile',
      token: String(tokens.access_token),
    })
    profiles[principal] = restorableProfile(profile.json)
    await call('signOut', {
      method: 'POST',
      path: '/auth/logout',
      body: { refreshToken: tokens.refresh_token },
    })
  }
  return profiles
}

/** GET /ai/models as the user: in a probe world of its own session, or in a sign-in of its own. */
async function modelsOffered(engine: Engine, tally: Tally): Promise<Answer> {
  if (!engine.api) {
    const session = engine.nextSession()
    const probe = await World.create(
      { kind: 'session', session, clockStart: engine.clockStart },
      setupCall(engine, session, tally),
    )
    return engine.stub.send({
      method: 'GET',
      url: '/api/ai/models',
      headers: {
        [STUB_SESSION_HEADER]: session,
        authorization: `Bearer ${probe.accounts.user.access}`,
      },
    })
  }
  const call = setupCall(engine, undefined, tally)
  const signIn = await call('signIn', {
    method: 'POST',
    path: '/auth/auth',
    body: engine.api.accounts.user,
  })
  const tokens = isJsonObject(signIn.json) ? signIn.json : {}
  try {
    return await call('listModels', {
      method: 'GET',
      path: '/ai/models',
      token: String(tokens.access_token),
    })
  } finally {
    await call('signOut', {
      method: 'POST',
      path: '/auth/logout',
      body: { refreshToken: tokens.refresh_token },
    })
  }
}

/**
 * Sends at least `requests` generated requests to the stub in process, a world per batch, and
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
  const stub = options.transport
  const tally = new Tally(contract, options.checks)
  const { bound } = options
  bound?.watch(tally)
  let sessions = 0
  // Shards of one run may share a target: each keeps to stub sessions of its own.
  const prefix = options.shard
    ? `fuzz-${options.seed}-shard-${options.shard.index}-of-${options.shard.total}`
    : `fuzz-${options.seed}`
  const engine: Engine = {
    contract,
    stub,
    rules: () => [],
    nextSession: () => `${prefix}-${++sessions}`,
    clockStart: options.clockStart ?? FUZZ_CLOCK_START,
    withheld: 0,
  }
  const notes: string[] = []
  if (options.api) {
    // Names no other run has: environment names start with a letter, 40 characters at most.
    const tag = `fz${randomBytes(4).toString('hex')}`
    const freed = await freedEnvironment(
      engine,
      options.api.accounts,
      tag,
      tally,
      options.api.waitMs,
    )
    if (freed === undefined)
      notes.push(
        `a deleted environment was still not gone after ${options.api.waitMs / 1000} s: requests for a freed environment name an unknown id instead`,
      )
    engine.api = {
      accounts: options.api.accounts,
      tag,
      freed,
      waitMs: options.api.waitMs,
      profiles: await profilesFound(engine, options.api.accounts, tally),
      own: options.api.own ?? false,
    }
  }
  {
    // The models the stub offers: "an unknown model" is one listModels does not answer.
    const models = await modelsOffered(engine, tally)
    const knownModels =
      isJsonObject(models.json) && Array.isArray(models.json.items)
        ? models.json.items.flatMap((item) =>
            isJsonObject(item) && typeof item.id === 'string' ? [item.id] : [],
          )
        : []
    engine.rules = documentedRules(knownModels)

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
        for (const { signature } of await runBatch(engine, cases, tally)) {
          if (!firstSeen.has(signature)) firstSeen.set(signature, { seed, run })
        }
      })
      const details = await fc.check(recording, {
        seed,
        numRuns: Math.max(1, Math.ceil(remaining / BATCH_SIZE)),
      })
      // The recording property never fails; this is an error of the fuzzer itself (a world set-up).
      if (details.failed) {
        throw details.errorInstance instanceof Error
          ? details.errorInstance
          : new Error(String(details.errorInstance))
      }
    }

    if (cut)
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
      const replay = fc.asyncProperty(batches, async (cases) => {
        if (steps-- <= 0) return
        for (const failure of await runBatch(engine, cases, scratch, example.signature)) {
          if (failure.signature === example.signature) {
            throw new FailureFound(
              describeExchange(failure.exchange, failure.problem),
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
    }
  }
}
