import { randomBytes } from 'node:crypto'
import type { Contract, Operation } from '@devenv/openapi'
import { USER_ACCOUNT } from '@devenv/openapi/dev-protocol'
import { type Target, targetOf } from '../http'
import { devMailbox, type Mailbox } from '../mailbox'
import type { RunStream, Shard, Suite } from '../report'
import { hasStubSessions } from '../stub-sessions'
import type { Credentials, RunContext } from './context'
import { passwordOf, registerRecorded } from './flows/support'
import { SuiteRecorder } from './recorder'
import { RunAccount } from './run-account'
import type { RunOptions } from './run-options'
import type { Selection } from './selection'

/** The stub's seeded ordinary account (apps/stub-api/README.md); used only when the target is the stub. */
export const STUB_SEEDED_ACCOUNT: Credentials = { ...USER_ACCOUNT }

/** The run's mailbox and the note that names it (or says why there is none). */
export async function mailboxOf(
  target: Pick<Target, 'transport'>,
  option: RunOptions['mailbox'],
): Promise<{ mailbox: Mailbox | undefined; note: string }> {
  const none = 'flows needing e-mailed links are skipped'
  if (option === 'off') return { mailbox: undefined, note: `mailbox: off (${none})` }
  const mailbox = option === undefined || option === 'auto' ? devMailbox(target.transport) : option
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
 * The steps of registering an account for the protected operations on a target without one
 * given, each a recorded check of the run's setup.
 */
const RUN_ACCOUNT_STEPS = {
  register: 'register an account for protected operations: 201',
  mailed: 'its activation e-mail arrives',
  activateAccount: 'activate it with the e-mailed token: 200',
}

/** What the run's set-up leaves the suites: where and as whom they run. */
export type RunSetUp = {
  context: RunContext
  /** The selected operations, in the contract's order. */
  operations: Operation[]
  /** The run's own sign-in, when it has one. */
  account: RunAccount | undefined
  /** The account the run tried to sign in, signed in or not. */
  credentials: Credentials | undefined
  /**
   * Puts the given account (not one the run registered) back as it was before the operation
   * checks: its profile. Safe to call more than once; answers what could not be put back.
   */
  restoreGiven: () => Promise<string | undefined>
}

/**
 * Starts the run and sets it up, as the first suite of its report ("target", told through
 * `tell`): the target's health, whether it keeps stub sessions, the mailbox, and the account for
 * the protected operations. Undefined when the target does not answer at all: nothing else can
 * be checked.
 */
export async function setUpRun(
  contract: Contract,
  options: RunOptions,
  only: Selection | undefined,
  run: RunStream,
  shard: Shard | undefined,
  tell: (suite: Suite) => Promise<void>,
): Promise<RunSetUp | undefined> {
  const session = options.session ?? `contract-${randomBytes(6).toString('hex')}`
  // No X-Stub-Session header until the target says it keeps sessions (below): a real backend
  // never sees one.
  let target: Target = {
    ...targetOf(options.baseUrl, options.timeoutMs, options.maxAnswerBytes),
    maxWaitSeconds: options.maxWaitSeconds ?? 0,
  }
  await run.emit({
    type: 'started',
    mode: 'check',
    target: `${target.transport.origin}${target.apiPath}`,
    startedAt: new Date().toISOString(),
    ...(shard === undefined ? {} : { shard }),
  })
  const note = (text: string) => run.emit({ type: 'note', text })

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
    return undefined
  }

  const stubSessions = await hasStubSessions(target.transport, session)
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
      ? await registerRecorded(
          setup,
          mailbox,
          target.session,
          { email: `contract-${runId}-ops@example.com`, password: passwordOf(setup) },
          RUN_ACCOUNT_STEPS,
        )
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
  // Read before any check can change it; an account the run registered is the run's to change.
  const putBack = account && !registered ? await account.keepProfile(contract) : undefined
  const restoreGiven = async () => {
    const problem = await putBack?.().catch((error: unknown) => String(error))
    return (
      problem && `the given account ${credentials?.email}'s profile was not put back: ${problem}`
    )
  }
  return { context, operations, account, credentials, restoreGiven }
}
