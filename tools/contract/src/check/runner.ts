import { randomBytes } from 'node:crypto'
import { type Contract, fillPath, loadContract, type Operation } from '@devenv/openapi'
import { USER_ACCOUNT } from '@devenv/openapi/dev-protocol'
import { rulesOf } from '../contract-rules'
import { type Answer, type OperationCall, type Target, targetOf } from '../http'
import { devMailbox, type Mailbox, waitForLink } from '../mailbox'
import {
  checkEventsOf,
  coverageOfExchanges,
  exchangesOf,
  inShard,
  type RunHandler,
  type RunReport,
  RunStream,
  reportedCoverage,
  type Shard,
  type ShardPosition,
  type Suite,
  shardOfRun,
} from '../report'
import { hasStubSessions } from '../stub-sessions'
import type { Credentials, RunContext } from './context'
import { FLOW_IDS, type FlowSuite, runFindings, runFlows, WINDOW_FILLING_FLOWS } from './flows'
import { documentedPathParams, isolated, passwordOf, registration } from './flows/support'
import { invalidRequests } from './generators'
import { SuiteRecorder } from './recorder'
import { RunAccount } from './run-account'
import { unsupportedMethodProbe, unsupportedMethodProblem } from './unsupported-methods'
import { keptReason, rotated, rotationNote, shareOfWindow, tightestWindow } from './window-share'

export type RunOptions = {
  /** `http://host:port` (then `/api` is used), or the API base itself. */
  baseUrl: string
  /** Sent as X-Stub-Session on every request; random by default, so runs never share state. */
  session?: string
  /**
   * Where e-mailed activation and reset links are read: `auto` (the default) the target's
   * GET /__dev/mailbox when it has one, a Mailbox (a mail catcher: `mailDevMailbox(url)`), or
   * `off`.
   */
  mailbox?: 'auto' | 'off' | Mailbox
  /** An activated account for protected operations; the stub's seeded one is used otherwise. */
  credentials?: Credentials
  /** A second activated account for the two-user flows when the target has no mailbox. */
  secondCredentials?: Credentials
  /**
   * Runs only these suites: operations by operationId, flows by id (`FLOW_IDS`); a missing list
   * selects none of its kind. Everything runs when `only` is not given.
   */
  only?: { operations?: readonly string[]; flows?: readonly string[] }
  /** Runs only this shard's share of the (selected) operations and flows (`--shard i/n`). */
  shard?: ShardPosition
  timeoutMs?: number
  /** How long flows wait for an environment to be provisioned or deleted. */
  waitSeconds?: number
  /** How long a check may wait for a rate-limit window an earlier flow or run filled (its Retry-After). */
  maxWaitSeconds?: number
  /** The longest answer body read (bytes, `--max-answer-mib`); a longer one fails its check. */
  maxAnswerBytes?: number
  contract?: Contract
  /** The run's outputs, each told every event (progress, checks, the report at the end). */
  outputs?: readonly RunHandler[]
  /** The `--allow-skip` names: the skipped parts they match are accepted. */
  allowSkip?: readonly string[]
  /**
   * The target's answer to getHealth when the caller asked before the run (the CLI's preflight):
   * the run judges it rather than sending the request again, so a run asks it once.
   */
  health?: Answer
}

/** The stub's seeded ordinary account (apps/stub-api/README.md); used only when the target is the stub. */
export const STUB_SEEDED_ACCOUNT: Credentials = { ...USER_ACCOUNT }

const MIB = 1024 * 1024

/** A size as a check's name gives it: in MiB when whole, else in bytes. */
const sizeWords = (bytes: number) =>
  bytes % MIB === 0 ? `${bytes / MIB} MiB` : `${bytes.toLocaleString('en')} bytes`

const NO_ACCOUNT =
  'needs a signed-in account: pass --email/--password (or CONTRACT_EMAIL/CONTRACT_PASSWORD)'

/** The run's mailbox and the note that names it (or says why there is none). */
async function mailboxOf(
  target: Target,
  option: RunOptions['mailbox'],
): Promise<{ mailbox: Mailbox | undefined; note: string }> {
  const none = 'flows needing e-mailed links are skipped'
  if (option === 'off') return { mailbox: undefined, note: `mailbox: off (${none})` }
  const mailbox =
    option === undefined || option === 'auto' ? devMailbox(target.origin, target.timeoutMs) : option
  const problem = await mailbox.problem()
  if (problem === undefined) return { mailbox, note: `mailbox: ${mailbox.name}` }
  return {
    mailbox: undefined,
    note:
      option === undefined || option === 'auto'
        ? `mailbox: none, the target has no GET /__dev/mailbox and no --mailbox URL was given (${none})`
        : `mailbox: none, ${problem} (${none})`,
  }
}

/**
 * An account for the protected operations on a target without one given: registered, then
 * activated with the e-mailed token, each a recorded step of the run's setup.
 */
async function registerThroughMailbox(
  setup: SuiteRecorder,
  target: Target,
  mailbox: Mailbox,
  email: string,
): Promise<Credentials | undefined> {
  const password = passwordOf(setup)
  const registered = await setup.request(
    'register an account for protected operations: 201',
    'register',
    registration(email, password),
    { status: 201 },
  )
  if (!registered) return undefined
  const link = await waitForLink(mailbox, email, 'activate', { session: target.session })
  if (!setup.verdict('its activation e-mail arrives', link ? undefined : 'no e-mail'))
    return undefined
  const activated = await setup.request(
    'activate it with the e-mailed token: 200',
    'activateAccount',
    { body: { token: link?.activate } },
    { status: 200 },
  )
  return activated ? { email, password } : undefined
}

function exampleRequests(
  operation: Operation,
  token: string | undefined,
): Array<{ name: string; request: OperationCall }> {
  const base = { params: documentedPathParams(operation), token }
  if (operation.bodySchemaPointer && operation.bodyExamples.length > 0) {
    return operation.bodyExamples.map((example) => ({
      name: `example "${example.name}"`,
      request: { ...base, body: example.value },
    }))
  }
  return [{ name: 'documented request', request: base }]
}

function invalidOutgoing(
  operation: Operation,
  invalid: ReturnType<typeof invalidRequests>[number],
  token: string | undefined,
): OperationCall {
  const base = { params: documentedPathParams(operation), token }
  switch (invalid.kind) {
    case 'body':
      return { ...base, body: invalid.body }
    case 'raw':
      return { ...base, payload: invalid.payload, contentType: invalid.contentType }
    case 'no-body':
      return base
    case 'parameter':
      return { ...base, params: { ...base.params, [invalid.parameter]: invalid.value } }
  }
}

/** One check of an operation's own, planned before any is sent: its name, and how it is sent. */
type OwnCheck = {
  name: string
  /** A documented example: judged before any flow fills the operation's windows. */
  example: boolean
  send: (suite: SuiteRecorder) => Promise<unknown>
}

/**
 * An operation's own checks, in order: its documented examples, the call without a token, the
 * oversized body, then the generated invalid requests. Each protected request gets a token with
 * time left when it is sent: a late check never sends one that has expired.
 */
function ownChecks(
  context: RunContext,
  operation: Operation,
  account: RunAccount | undefined,
): OwnCheck[] {
  const { operationId } = operation
  const needsToken = operation.requiresAuth
  const token = async () => (needsToken && account ? await account.token() : undefined)
  const check = (
    name: string,
    outgoing: () => Promise<OperationCall>,
    expectation: Parameters<SuiteRecorder['request']>[3],
    example = false,
  ): OwnCheck => ({
    name,
    example,
    send: async (suite) =>
      needsToken && !account
        ? suite.skip(name, NO_ACCOUNT)
        : suite.request(name, operationId, await outgoing(), expectation),
  })
  const checks = exampleRequests(operation, undefined).map(({ name, request }) =>
    check(
      `${name} answers a documented status and body`,
      async () => ({ ...request, token: await token() }),
      {},
      true,
    ),
  )
  const [first] = exampleRequests(operation, undefined)
  if (needsToken && first)
    checks.push({
      name: 'without a bearer token: 401',
      example: false,
      send: (suite) =>
        suite.request('without a bearer token: 401', operationId, first.request, { status: 401 }),
    })
  // A documented 413 is provoked by a body over the contract's limit (its x-body-limit).
  const bodyLimit = rulesOf(context.contract).bodyLimit
  if (bodyLimit && operation.bodySchemaPointer && operation.statuses.includes('413'))
    checks.push(
      check(
        `refuses a body over ${sizeWords(bodyLimit.maxBytes)}: 413`,
        async () => ({
          params: documentedPathParams(operation),
          token: await token(),
          payload: JSON.stringify({ padding: 'x'.repeat(bodyLimit.maxBytes) }),
          contentType: 'application/json',
        }),
        { status: 413, rules: ['x-body-limit'] },
      ),
    )
  const probe = unsupportedMethodProbe(context.contract, operation)
  if (probe) {
    const name = `${probe.method}, a method its path does not have: ${probe.status} with ${probe.header}: ${probe.allowed.join(', ')}`
    checks.push({
      name,
      example: false,
      send: async (suite) => {
        const path = fillPath(operation.path, documentedPathParams(operation))
        const request = { method: probe.method, path, token: await token() }
        const answer = await suite.raw(request)
        suite.verdict(
          name,
          unsupportedMethodProblem(answer, probe),
          `${probe.method} ${request.path}\n=> ${answer.error ?? `${answer.status} ${probe.header}: ${answer.headers.get(probe.header) ?? '(none)'}`}`,
          ['x-unsupported-methods'],
        )
      },
    })
  }
  for (const invalid of invalidRequests(context.contract, operation))
    checks.push(
      check(
        `refuses ${invalid.name}`,
        async () => invalidOutgoing(operation, invalid, await token()),
        { statusClass: '4xx' },
      ),
    )
  return checks
}

/**
 * An operation's own checks in the order they are sent, and how far the run has got. On a server
 * whose windows every run shares, the run sends only its share of the operation's window: one
 * check before the flows (so that flows using the same window cannot leave the operation none),
 * then, after them, the documented examples (its success answers) and as many more as the share
 * has left. The checks past the examples start where the rotation puts this run, so that runs in
 * successive slots send the ones before them left out.
 */
type OwnPlan = {
  operation: Operation
  suite: SuiteRecorder
  order: OwnCheck[]
  sent: number
}

function planOwnChecks(
  context: RunContext,
  operation: Operation,
  account: RunAccount | undefined,
): OwnPlan {
  const suite = new SuiteRecorder(
    operation.operationId,
    'operation',
    context.contract,
    context.target,
    account,
  )
  const checks = ownChecks(context, operation, account)
  const share = shareOfWindow(context.target, operation)
  if (!share || share.left >= checks.length) return { operation, suite, order: checks, sent: 0 }
  const examples = checks.filter((check) => check.example)
  const others = rotated(
    checks.filter((check) => !check.example),
    share.slot * Math.max(1, share.left - examples.length),
  )
  const [first, ...rest] = others
  return { operation, suite, order: [...(first ? [first] : []), ...examples, ...rest], sent: 0 }
}

/**
 * Sends the plan's next checks: `count` of them, or as many as the run's share of the window has
 * left (all, where the window is the run's own).
 */
async function sendOwnChecks(context: RunContext, plan: OwnPlan, count?: number): Promise<void> {
  const { operation, suite } = plan
  const share = shareOfWindow(context.target, operation)
  const room = Math.min(
    count ?? Number.POSITIVE_INFINITY,
    share ? share.left : Number.POSITIVE_INFINITY,
  )
  const end = Math.min(plan.order.length, plan.sent + room)
  // With stub sessions a public operation's checks get a fresh session (and windows) each time
  // its tightest window is used up: a 429 from a full window would judge nothing.
  const fresh = context.stubSessions && !operation.requiresAuth ? tightestWindow(operation) : 0
  for (; plan.sent < end; plan.sent++) {
    if (fresh > 0 && plan.sent > 0 && plan.sent % fresh === 0)
      suite.sendTo(isolated(context, `${operation.operationId}-${plan.sent / fresh}`).target)
    await plan.order[plan.sent]?.send(suite)
  }
}

/** Skips the checks the run's share left no room for, saying how the rotation covers them. */
function keepTheRest(context: RunContext, plan: OwnPlan): void {
  const share = shareOfWindow(context.target, plan.operation)
  if (!share || plan.sent >= plan.order.length) return
  const keep = `${keptReason(plan.operation.operationId, share.rule)}; ${rotationNote(plan.order.length, plan.sent, share.rule.periodSeconds)}`
  for (const check of plan.order.slice(plan.sent)) plan.suite.skip(check.name, keep)
}

/**
 * The parts of a check run, as `--allow-skip` names them: the protected operations, each flow,
 * and each operation of the contract checked (every own check of one may be kept for later runs).
 * Read from the run's contract, not the bundled one, and only when asked: parsing a contract at
 * import would cost every command's start (`diff --help` included) a YAML parse and a compile.
 */
export function checkPartsOf(contract: Contract): string[] {
  return [
    'check.protected',
    ...FLOW_IDS.map((id) => `check.flow.${id}`),
    ...contract.operations.map((operation) => `check.operation.${operation.operationId}`),
  ]
}

/** Throws on an operation or flow that does not exist: a typo must not select nothing. */
function checkSelection(contract: Contract, only: RunOptions['only']): void {
  const operationIds = contract.operations.map((operation) => operation.operationId)
  const unknown = [
    ...(only?.operations ?? []).filter((id) => !operationIds.includes(id)),
    ...(only?.flows ?? []).filter((id) => !(FLOW_IDS as readonly string[]).includes(id)),
  ]
  if (unknown.length > 0)
    throw new Error(
      `unknown operation or flow: ${unknown.join(', ')} (flows: ${FLOW_IDS.join(', ')})`,
    )
}

/**
 * Sends the selected checks in the run's order and tells the run what happened: each suite's
 * checks once the suite is done, in the order the report lists them (the setup, the operations,
 * the flows), and the suites it told, for coverage.
 */
async function sendChecks(
  contract: Contract,
  options: RunOptions,
  only: RunOptions['only'],
  run: RunStream,
  shard: Shard | undefined,
): Promise<Suite[]> {
  const session = options.session ?? `contract-${randomBytes(6).toString('hex')}`
  // No X-Stub-Session header until the target says it keeps sessions (below): a real backend
  // never sees one.
  let target: Target = {
    ...targetOf(options.baseUrl, undefined, options.timeoutMs),
    maxWaitSeconds: options.maxWaitSeconds ?? 0,
    ...(options.maxAnswerBytes === undefined ? {} : { maxAnswerBytes: options.maxAnswerBytes }),
  }
  await run.emit({
    type: 'started',
    mode: 'check',
    target: target.apiBase,
    startedAt: new Date().toISOString(),
    ...(shard === undefined ? {} : { shard }),
  })
  const told: Suite[] = []
  const tell = async (suite: Suite) => {
    told.push(suite)
    await run.emitAll(checkEventsOf(suite))
  }
  const note = (text: string) => run.emit({ type: 'note', text })
  const skipPart = (part: string, reason: string) =>
    run.emit({ type: 'part skipped', part, reason })
  const progress = (text: string) => void run.emit({ type: 'progress', text })

  const setup = new SuiteRecorder('target', 'flow', contract, target)
  const health = await setup.request(
    `${setup.route('getHealth')} answers`,
    'getHealth',
    {},
    { status: 200 },
    false,
    options.health,
  )
  // A health answer out of contract (text/plain, a wrong body) is a failure of getHealth and the
  // run goes on; only a target that does not answer at all leaves nothing to check.
  const healthCheck = setup.suite.checks.at(-1)
  if (!health && healthCheck?.status === 'failed' && healthCheck.exchange?.status == null) {
    await tell(setup.suite)
    await note(`The target did not answer ${setup.route('getHealth')}: nothing else was checked.`)
    return told
  }

  const stubSessions = await hasStubSessions(target, session)
  if (stubSessions) {
    target = { ...target, session }
    await note(`stub session (X-Stub-Session): ${session}`)
  }
  const { mailbox, note: mailboxNote } = await mailboxOf(target, options.mailbox)
  await note(
    stubSessions
      ? 'stub sessions: yes (GET /__dev/session): each flow has its own state and rate-limit windows'
      : "stub sessions: no: this run shares the target's state and rate-limit windows with every client, and keeps to half of each per-client window",
  )
  await note(mailboxNote)
  const operations = only
    ? contract.operations.filter((operation) => only.operations?.includes(operation.operationId))
    : contract.operations
  const runId = randomBytes(4).toString('hex')
  // The stub's seeded account exists only on the stub, which shows itself by its sessions; any
  // other target with a mailbox gets an account registered and activated for the run.
  const registered =
    !options.credentials && !stubSessions && mailbox && operations.some((each) => each.requiresAuth)
      ? await registerThroughMailbox(setup, target, mailbox, `contract-${runId}-ops@example.com`)
      : undefined
  const credentials =
    options.credentials ?? registered ?? (stubSessions ? STUB_SEEDED_ACCOUNT : undefined)
  const account = credentials ? await RunAccount.signIn(target, credentials, contract) : undefined
  const whose = options.credentials
    ? ''
    : registered
      ? ` (registered and activated through ${mailbox?.name})`
      : ' (the stub seeded account)'
  await note(
    account && credentials
      ? `protected operations signed in as ${credentials.email}${whose}`
      : credentials
        ? `could not sign in as ${credentials.email}: protected operations are skipped`
        : 'no account given: protected operations are skipped',
  )
  setup.verdict(
    'an account for protected operations signs in',
    credentials && !account ? `sign-in of ${credentials.email} failed` : undefined,
  )
  await tell(setup.suite)

  const context: RunContext = {
    contract,
    // Without stub sessions every client shares the target's windows with every other run: this
    // run keeps to half of each per-client window, so a run started within the window finds room.
    target: stubSessions ? target : { ...target, windowBudget: new Map() },
    runId,
    mailbox,
    stubSessions,
    credentials: account ? credentials : undefined,
    waitSeconds: options.waitSeconds ?? 150,
    finding: (finding) => void run.emit({ type: 'finding', finding }),
  }
  const flowSuites: FlowSuite[] = []
  const flowOptions = {
    secondCredentials: options.secondCredentials,
    only: only ? (only.flows ?? []) : undefined,
  }
  const flowContext = isolated(context, 'flows')
  flowSuites.push(...(await runFindings(flowContext, progress, flowOptions.only)))
  // The flows run before the operation checks: on a server whose windows every client shares,
  // the operation checks' many invalid registrations would leave the flows no room. There the
  // rate-limit flow, which fills windows, runs last: the operations' own checks (their success
  // answers first) must be judged before it. The flows get a stub session of their own (other
  // targets ignore it).
  const selectedFlows: readonly string[] = flowOptions.only ?? FLOW_IDS
  const fillsWindowsLast = !stubSessions
  const beforeOperations = fillsWindowsLast
    ? selectedFlows.filter((id) => !WINDOW_FILLING_FLOWS.includes(id))
    : selectedFlows
  const plans = operations.map((operation) => planOwnChecks(context, operation, account))
  // Where windows are shared, each operation sends one check of its own before the flows: flows
  // that register (four of them) would otherwise use all of registration's share.
  if (!stubSessions) for (const plan of plans) await sendOwnChecks(context, plan, 1)
  flowSuites.push(
    ...(await runFlows(flowContext, progress, { ...flowOptions, only: beforeOperations })),
  )
  for (const plan of plans) {
    progress(`operation ${plan.operation.operationId}`)
    await sendOwnChecks(context, plan)
    keepTheRest(context, plan)
    await tell(plan.suite.suite)
    // An operation none of whose own checks was sent (every one kept for later runs, or meeting
    // a full window) tested nothing: a skipped part, as a flow is.
    const checks = plan.suite.suite.checks
    const skipped = checks.filter((check) => check.status === 'skipped')
    if (
      checks.length > 0 &&
      skipped.length === checks.length &&
      skipped.some((check) => check.message !== NO_ACCOUNT)
    )
      await skipPart(
        `check.operation.${plan.operation.operationId}`,
        skipped.find((check) => check.message !== NO_ACCOUNT)?.message ?? 'skipped',
      )
  }
  if (fillsWindowsLast) {
    const last = selectedFlows.filter((id) => WINDOW_FILLING_FLOWS.includes(id))
    flowSuites.push(...(await runFlows(flowContext, progress, { ...flowOptions, only: last })))
  }
  const protectedSelected = operations.some((operation) => operation.requiresAuth)
  if (!account && protectedSelected)
    await skipPart(
      'check.protected',
      credentials ? `could not sign in as ${credentials.email}` : NO_ACCOUNT,
    )
  for (const { id, suite } of flowSuites) {
    await tell(suite)
    // A flow none of whose checks ran is a part of the run that tested nothing.
    const skipped = suite.checks.filter((check) => check.status === 'skipped')
    if (suite.checks.length > 0 && skipped.length === suite.checks.length)
      await skipPart(`check.flow.${id}`, skipped[0]?.message ?? 'skipped')
  }
  return told
}

/**
 * Flows that share one fresh account (the reset link and the environment use the account flow's):
 * a shard takes them together, so that no shard runs the account flow again for the others.
 */
const ACCOUNT_FLOW_GROUP: readonly string[] = ['account', 'reset-link', 'environment']

/**
 * The run's pieces of work in a fixed order, each whole in one shard: the flows (those sharing an
 * account as one piece), then the operations by the contract's tag, in the contract's order. A
 * tag's operation checks stay together because they share a session and, as in a whole run, an
 * earlier one can leave the state a later one answers from (register's example account is the one
 * change-password's example names). Only the selected ones, so a selection is shared out too.
 */
export function shardUnits(
  contract: Contract,
  only: RunOptions['only'],
): Array<{ flows: string[]; operations: string[] }> {
  const flowSelected = (id: string) => !only || (only.flows ?? []).includes(id)
  const group = ACCOUNT_FLOW_GROUP.filter(flowSelected)
  const flows = [
    ...(group.length > 0 ? [group] : []),
    ...FLOW_IDS.filter((id) => !ACCOUNT_FLOW_GROUP.includes(id) && flowSelected(id)).map((id) => [
      id,
    ]),
  ]
  const byTag = new Map<string, string[]>()
  for (const operation of contract.operations) {
    const id = operation.operationId
    if (only && !(only.operations ?? []).includes(id)) continue
    const tag = operation.tags[0] ?? `operation ${id}`
    byTag.set(tag, [...(byTag.get(tag) ?? []), id])
  }
  return [
    ...flows.map((ids) => ({ flows: ids, operations: [] })),
    ...[...byTag.values()].map((ids) => ({ flows: [], operations: ids })),
  ]
}

/** The selection a shard runs: its pieces of the run, dealt round the shards in order. */
export function shardSelection(
  contract: Contract,
  only: RunOptions['only'],
  shard: ShardPosition,
): { operations: string[]; flows: string[] } {
  const mine = shardUnits(contract, only).filter((_, unit) => inShard(shard, unit))
  return {
    flows: mine.flatMap((unit) => unit.flows),
    operations: mine.flatMap((unit) => unit.operations),
  }
}

/**
 * `check`: runs every check (or the selected ones, or the shard's share) against a target, tells
 * `outputs` what happened as it goes, and answers the run's report with its coverage. It never
 * throws for a failing target, only for a selection that names nothing.
 */
export async function checkTarget(options: RunOptions): Promise<RunReport> {
  const contract = options.contract ?? loadContract()
  const started = performance.now()
  checkSelection(contract, options.only)
  const { shard } = options
  const share = shard ? shardSelection(contract, options.only, shard) : undefined
  const run = new RunStream(options.outputs, options.allowSkip)
  const suites = await sendChecks(
    contract,
    options,
    share ?? options.only,
    run,
    shard &&
      shardOfRun(shard, {
        mode: 'check',
        contract,
        settings: { only: options.only ?? null, mailbox: options.mailbox ?? 'auto' },
      }),
  )
  if (shard && share)
    await run.emit({
      type: 'note',
      text: `shard ${shard.index}/${shard.total}: ${share.flows.length} flows, ${share.operations.length} operations (merge the shards' reports with devenv-contract merge)`,
    })
  await run.emit({
    type: 'coverage',
    ...reportedCoverage(coverageOfExchanges(contract, exchangesOf(suites))),
  })
  return run.finish(performance.now() - started)
}
