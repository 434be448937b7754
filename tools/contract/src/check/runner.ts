import { type Contract, loadContract } from '@devenv/openapi'
import {
  checkEventsOf,
  coverageOfExchanges,
  exchangesOf,
  type RunReport,
  RunStream,
  reportedCoverage,
  type Shard,
  type Suite,
  shardOfRun,
} from '../report'
import { FLOW_IDS, type FlowSuite, runFindings, runFlows, WINDOW_FILLING_FLOWS } from './flows'
import { isolated } from './flows/support'
import { keepTheRest, NO_ACCOUNT, planOwnChecks, sendOwnChecks } from './own-checks'
import type { RunOptions } from './run-options'
import { setUpRun } from './run-setup'
import { checkSelection, type Selection, shardSelection } from './selection'

export type { RunOptions } from './run-options'

/**
 * Sends the selected checks in the run's order and tells the run what happened: each suite's
 * checks once the suite is done, in the order the report lists them (the setup, the operations,
 * the flows), and the suites it told, for coverage.
 */
async function sendChecks(
  contract: Contract,
  options: RunOptions,
  only: Selection | undefined,
  run: RunStream,
  shard: Shard | undefined,
): Promise<Suite[]> {
  const told: Suite[] = []
  const tell = async (suite: Suite) => {
    told.push(suite)
    await run.emitAll(checkEventsOf(suite))
  }
  const skipPart = (part: string, reason: string) =>
    run.emit({ type: 'part skipped', part, reason })
  const progress = (text: string) => void run.emit({ type: 'progress', text })

  const setUp = await setUpRun(contract, options, only, run, shard, tell)
  if (!setUp) return told
  const { context, operations, account, credentials } = setUp
  const { stubSessions } = context
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
