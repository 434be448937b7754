import { type Contract, loadContract } from '@devenv/openapi'
import {
  checkEventsOf,
  coverageOfExchanges,
  exchangesOf,
  type RunReport,
  RunStream,
  reportedCoverage,
  rulesOf,
  type Shard,
  type Suite,
  shardOfRun,
  withRuleCoverage,
} from '../report'
import { firstLineOf } from '../report/printable'
import type { RunContext } from './context'
import { FLOW_IDS, type FlowSuite, runFindings, runFlows, WINDOW_FILLING_FLOWS } from './flows'
import { isolated } from './flows/support'
import { keepTheRest, type OwnPlan, planOwnChecks, sendOwnChecks } from './own-checks'
import { NO_ACCOUNT } from './run-account'
import type { RunOptions } from './run-options'
import { setUpRun } from './run-setup'
import { checkSelection, type Selection, shardSelection } from './selection'

export type { RunOptions } from './run-options'

/**
 * Sends the selected checks in the run's order and tells the run each suite's checks as soon as
 * the suite is done (the report lists them in that order), and answers the suites it told, for
 * coverage.
 */
async function sendChecks(
  contract: Contract,
  options: RunOptions,
  only: Selection | undefined,
  run: RunStream,
  shard: Shard | undefined,
  told: Suite[],
  /** Filled once the run is set up: puts the given account back (after a stop, too). */
  restore: GivenAccountRestore,
): Promise<void> {
  const tell = async (suite: Suite) => {
    told.push(suite)
    await run.emitAll(checkEventsOf(suite))
  }
  const skipPart = (part: string, reason: string) =>
    run.emit({ type: 'part skipped', part, reason })
  const progress = (text: string) => void run.emit({ type: 'progress', text })

  // A flow none of whose checks ran is a part of the run that tested nothing.
  const tellFlows = async (flows: readonly FlowSuite[]) => {
    for (const { id, suite } of flows) {
      await tell(suite)
      const skipped = suite.checks.filter((check) => check.status === 'skipped')
      if (suite.checks.length > 0 && skipped.length === suite.checks.length)
        await skipPart(`check.flow.${id}`, skipped[0]?.message ?? 'skipped')
    }
  }

  const setUp = await setUpRun(contract, options, only, run, shard, tell)
  if (!setUp) return
  const { context, operations, account, credentials } = setUp
  restore.given = setUp.restoreGiven
  const { stubSessions } = context
  // Known once the run has its account: said before any flow, as the part the reader misses most.
  const protectedSelected = operations.some((operation) => operation.requiresAuth)
  if (!account && protectedSelected)
    await skipPart(
      'check.protected',
      credentials ? `could not sign in as ${credentials.email}` : NO_ACCOUNT,
    )
  const flowOptions = {
    secondCredentials: options.secondCredentials,
    only: only ? (only.flows ?? []) : undefined,
  }
  const flowContext = isolated(context, 'flows')
  await tellFlows(await runFindings(flowContext, progress, flowOptions.only))
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
  await tellFlows(await runFlows(flowContext, progress, { ...flowOptions, only: beforeOperations }))
  try {
    await sendOperationChecks(context, plans, tell, skipPart, progress, () => restore.halted)
  } finally {
    const problem = await setUp.restoreGiven()
    if (problem) await run.emit({ type: 'note', text: problem })
  }
  if (fillsWindowsLast && !restore.halted) {
    const last = selectedFlows.filter((id) => WINDOW_FILLING_FLOWS.includes(id))
    await tellFlows(await runFlows(flowContext, progress, { ...flowOptions, only: last }))
  }
}

/** Each operation's own checks, then its suite; an operation that tested nothing is a skipped part. */
async function sendOperationChecks(
  context: RunContext,
  plans: readonly OwnPlan[],
  tell: (suite: Suite) => Promise<void>,
  skipPart: (part: string, reason: string) => Promise<void>,
  progress: (text: string) => void,
  halted: () => boolean,
): Promise<void> {
  for (const plan of plans) {
    if (halted()) return
    progress(`operation ${plan.operation.operationId}`)
    await sendOwnChecks(context, plan, undefined, halted)
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
}

/** The given account's restoration, and whether a stop asked the operation checks to end. */
type GivenAccountRestore = { given?: () => Promise<string | undefined>; halted: boolean }

/** How long a stopped run waits for the check in flight before it puts the given account back. */
const HALT_WAIT_MS = 5_000

/**
 * `check`: runs every check (or the selected ones, or the shard's share) against a target, tells
 * `outputs` what happened as it goes, and answers the run's report with its coverage. It never
 * throws for a failing target, only for a selection that names nothing. A run stopped (`stopped`
 * settles with a signal's name) or cut by an error is reported as judged so far, marked
 * interrupted; the error then goes on.
 */
export async function checkTarget(options: RunOptions): Promise<RunReport> {
  const contract = options.contract ?? loadContract()
  const started = performance.now()
  checkSelection(contract, options.only)
  const { shard } = options
  const share = shard ? shardSelection(contract, options.only, shard) : undefined
  const run = new RunStream(options.outputs, options.allowSkip)
  const told: Suite[] = []
  const restore: GivenAccountRestore = { halted: false }
  // Beside the statuses and examples its requests exercised, the rules its checks cite.
  const coverage = () =>
    run.emit({
      type: 'coverage',
      ...reportedCoverage(
        withRuleCoverage(coverageOfExchanges(contract, exchangesOf(told)), rulesOf(contract), told),
      ),
    })
  const interrupted = async (reason: string) => {
    // A stopped run sends no further operation check and still puts the given account back,
    // after the check in flight has had its answer (within a bound: a flow may be running).
    restore.halted = true
    await Promise.race([
      checking.catch(() => undefined),
      new Promise((resolve) => setTimeout(resolve, HALT_WAIT_MS)),
    ])
    const problem = await restore.given?.()
    if (problem) await run.emit({ type: 'note', text: problem })
    await coverage()
    return run.interrupt(reason, performance.now() - started)
  }
  const checking = sendChecks(
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
    told,
    restore,
  )
  // A run a signal stopped is reported as judged so far; the rest of it goes unheard.
  checking.catch(() => undefined)
  try {
    const stop = await Promise.race([checking, options.stopped ?? new Promise<never>(() => {})])
    if (stop !== undefined) {
      const report = await interrupted(`stopped by ${stop}`)
      if (report) return report
      throw new Error(`stopped by ${stop} before the run started`)
    }
  } catch (error) {
    await interrupted(`stopped by an error: ${firstLineOf(error)}`)
    throw error
  }
  if (shard && share)
    await run.emit({
      type: 'note',
      text: `shard ${shard.index}/${shard.total}: ${share.flows.length} flows, ${share.operations.length} operations (merge the shards' reports with devenv-contract merge)`,
    })
  await coverage()
  return run.finish(performance.now() - started)
}
