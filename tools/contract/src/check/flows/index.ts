import type { Suite } from '../../report'
import type { RunContext } from '../context'
import { ACCOUNT_FLOWS } from './accounts'
import { AUTHORISATION_FLOWS } from './authorisation'
import { DEPRECATED_FLOWS } from './deprecated'
import { environmentLifecycle } from './environment'
import { ENVIRONMENT_FLOWS } from './environment-limits'
import { lookForFindings } from './findings'
import { FLOW_IDS } from './ids'
import { accountLifecycle } from './lifecycle'
import { loginLock } from './login-lock'
import { RATE_LIMIT_FLOWS } from './rate-limits'
import { resetLinkSingleUse } from './reset-link'
import type { Account, FlowOptions } from './support'
import { TOKEN_FLOWS } from './tokens'

/**
 * The flows that each need no other flow's outcome, each in its own stub session. Without stub
 * sessions they take turns in this order, and registrations beyond half the shared window are kept
 * for later runs: authorisation, which needs a second fresh account as a whole, registers before
 * the registration flows, where a kept registration skips one check and not a whole flow.
 */
const ISOLATED_FLOWS = [
  ...AUTHORISATION_FLOWS,
  ...ACCOUNT_FLOWS,
  ...DEPRECATED_FLOWS,
  ...ENVIRONMENT_FLOWS,
  ...TOKEN_FLOWS,
  ...RATE_LIMIT_FLOWS,
]

export { FLOW_IDS } from './ids'

// ids.ts names the flows without loading them: it must name these, once each, in this order.
const FLOWS_IN_ORDER = [
  'account',
  'reset-link',
  'environment',
  'login-lock',
  ...ISOLATED_FLOWS.map((flow) => flow.id),
  'findings',
]
if (FLOWS_IN_ORDER.join() !== FLOW_IDS.join())
  throw new Error(`FLOW_IDS (flows/ids.ts) is not the flows' order: ${FLOWS_IN_ORDER.join(', ')}`)

/** The flows that fill rate-limit windows to see them refuse: on a shared server they run last. */
export const WINDOW_FILLING_FLOWS: readonly string[] = RATE_LIMIT_FLOWS.map((flow) => flow.id)

/** A flow's suite with the flow's id (`--only`, `--allow-skip check.flow.<id>`). */
export type FlowSuite = { id: string; suite: Suite }

export async function runFlows(
  context: RunContext,
  progress: (line: string) => void,
  options: FlowOptions & { only?: readonly string[] } = {},
): Promise<FlowSuite[]> {
  const wanted = (id: string) => !options.only || options.only.includes(id)
  const suites: FlowSuite[] = []
  let account: Account | undefined
  // The reset link needs the account flow's fresh account.
  if (wanted('account') || wanted('reset-link')) {
    progress('flow: account lifecycle')
    const lifecycle = await accountLifecycle(context)
    account = lifecycle.account
    if (wanted('account')) suites.push({ id: 'account', suite: lifecycle.suite })
  }
  if (wanted('reset-link')) {
    progress('flow: reset link')
    suites.push({ id: 'reset-link', suite: await resetLinkSingleUse(context, account) })
  }
  if (wanted('environment')) {
    progress('flow: environment lifecycle')
    suites.push({ id: 'environment', suite: await environmentLifecycle(context, account) })
  }
  if (wanted('login-lock')) {
    progress('flow: login lock')
    suites.push({ id: 'login-lock', suite: await loginLock(context) })
  }
  const isolated = ISOLATED_FLOWS.filter((flow) => wanted(flow.id))
  const run = async (flow: (typeof isolated)[number]) => {
    progress(`flow: ${flow.id}`)
    return { id: flow.id, suite: await flow.run(context, options) }
  }
  // With stub sessions and a mailbox each of these flows has its own fresh accounts, store and
  // windows, so they run at once; otherwise they share accounts (one changes its password) or the
  // target's windows, and take turns.
  if (context.stubSessions && context.mailbox)
    suites.push(...(await Promise.all(isolated.map(run))))
  else for (const flow of isolated) suites.push(await run(flow))
  return suites
}

/**
 * The findings probes, run before any other check: on a server whose windows every client shares,
 * the operation checks and the rate-limit flow fill forgot-password's, and a probe answered 429
 * would lose the enumeration finding.
 */
export async function runFindings(
  context: RunContext,
  progress: (line: string) => void,
  only?: readonly string[],
): Promise<FlowSuite[]> {
  if (only && !only.includes('findings')) return []
  progress('findings')
  return [{ id: 'findings', suite: await lookForFindings(context) }]
}
