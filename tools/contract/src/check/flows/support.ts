import type { PasswordCheck } from '@devenv/domain'
import { isJsonObject, type Operation, type PasswordField } from '@devenv/openapi'
import { registerThroughMailbox, signIn } from '../../accounts'
import { rulesOf } from '../../contract-rules'
import type { Answer, OperationCall } from '../../http'
import type { LinkParams, Mailbox } from '../../mailbox'
import type { Suite } from '../../report'
import { passwordKeptBy } from '../../test-values'
import type { Credentials, RunContext } from '../context'
import { SuiteRecorder } from '../recorder'
import type { FlowId } from './ids'

/** The toolkit's good password, as its text before the contract's policies lengthen it. */
export const PASSWORD = 'Contract-Run-Pass-1'

/**
 * A good password of the toolkit's (`text`, the run's own by default), made as long as each of
 * the contract's password policies asks, so that every policy keeps it whatever its numbers.
 */
export function passwordOf(context: Pick<RunContext, 'contract'>, text = PASSWORD): string {
  return passwordKeptBy(
    rulesOf(context.contract).passwordFields.map((field) => field.policy),
    text,
  )
}
export const NO_MAILBOX =
  "the activation or reset link is e-mailed: needs a mailbox, the target's GET /__dev/mailbox (--mailbox auto) or its mail catcher (--mailbox URL)"
export const NO_ACCOUNT =
  'needs an activated account: a mailbox (GET /__dev/mailbox, or --mailbox URL), or --email/--password'
export const NO_SECOND_ACCOUNT =
  'needs a second activated account: a mailbox (GET /__dev/mailbox, or --mailbox URL), or --second-email/--second-password'

/** The prose rule a revoked session's access token breaks when it is still taken. */
export const REVOKED_SESSION = 'api.revoked-session-access-token-answers-401'

/** An activated account a flow signs in with; `fresh` when the run registered it (it may change it). */
export type Account = { credentials: Credentials; fresh: boolean }

/** What the flows need beyond the run context. */
export type FlowOptions = {
  /** A second activated account, for the flows that need two users (object-level authorisation). */
  secondCredentials?: Credentials
}

/** A stateful flow: `id` selects it (`RunOptions.only.flows`), its suite is named by its title. */
export type Flow = {
  id: FlowId
  run(context: RunContext, options: FlowOptions): Promise<Suite>
}

export const field = (answer: Answer | undefined, name: string): unknown =>
  answer && isJsonObject(answer.json) ? answer.json[name] : undefined

export const codeIs = (code: string) => (answer: Answer) =>
  field(answer, 'code') === code
    ? undefined
    : `expected code ${code}, got ${String(field(answer, 'code'))}`

/** The resources each plan size fixes, as createEnvironment's description states them. */
const RESOURCES: Readonly<Record<string, { vcpu: number; ramGb: number; ssdGb: number }>> = {
  starter: { vcpu: 2, ramGb: 8, ssdGb: 50 },
  professional: { vcpu: 4, ramGb: 16, ssdGb: 100 },
  enterprise: { vcpu: 8, ramGb: 32, ssdGb: 200 },
}
/** The plan sizes, which the limits flow's environments take in turn. */
export const ENVIRONMENT_SIZES = Object.keys(RESOURCES)

/** What is wrong with an environment's resources for its size, if anything. */
export function resourcesProblem(answer: Answer): string | undefined {
  const size = String(field(answer, 'size'))
  const resources = field(answer, 'resources')
  const wanted = RESOURCES[size]
  if (!wanted) return `size ${size} is none the contract gives resources for`
  return isJsonObject(resources) &&
    resources.vcpu === wanted.vcpu &&
    resources.ramGb === wanted.ramGb &&
    resources.ssdGb === wanted.ssdGb
    ? undefined
    : `${size} has resources ${JSON.stringify(resources)}, not ${JSON.stringify(wanted)}`
}

/** The first problem of several checks of one answer. */
export const allOf =
  (...checks: Array<(answer: Answer) => string | undefined>) =>
  (answer: Answer) => {
    for (const check of checks) {
      const problem = check(answer)
      if (problem) return problem
    }
    return undefined
  }

/** A failure text unless the answer's `errors` names `name`, as a 400 names what it refused. */
export const namesField = (name: string) => (answer: Answer) => {
  const errors = field(answer, 'errors')
  return isJsonObject(errors) && errors[name] !== undefined
    ? undefined
    : `errors does not name ${name}: ${JSON.stringify(errors ?? null)}`
}

/** A failure text unless the 400 names `name`, with the contract's message where it states one. */
export const fieldErrorIs = (name: string, message: string | undefined) => (answer: Answer) => {
  const errors = field(answer, 'errors')
  const given = isJsonObject(errors) ? errors[name] : undefined
  if (message === undefined)
    return typeof given === 'string'
      ? undefined
      : `errors.${name} is ${JSON.stringify(given)}, not a message`
  return given === message
    ? undefined
    : `errors.${name} is ${JSON.stringify(given)}, not "${message}"`
}

/** A part of a password policy a check tests: its rule id names it `<field>:<part>`. */
export type PolicyPart = 'minLength' | 'strength' | `require.${PasswordCheck}` | 'refuseCommon'

/** The id of a part of a field's `x-password-policy`, as a check cites it. */
export const policyRule = (found: PasswordField, part: PolicyPart) =>
  `x-password-policy:${found.operationId}.${found.field}:${part}`

/**
 * The run context with its own stub session (`<session>.<name>`): on the stub the flow gets a fresh
 * store (accounts, mailbox, rate-limit windows, clock), so flows never use up each other's limits.
 * A target without sessions gets no header, and the flow shares its state.
 */
export function isolated(context: RunContext, name: string): RunContext {
  const { session } = context.target
  if (session === undefined) return context
  return { ...context, target: { ...context.target, session: `${session}.${name}` } }
}

export function recorderOf(context: RunContext, title: string): SuiteRecorder {
  return new SuiteRecorder(title, 'flow', context.contract, context.target)
}

/** A unique address of this run; `label` tells the flows' accounts apart. */
export function runEmail(context: RunContext, label: string): string {
  return `contract-${context.runId}-${label}@example.com`
}

/** The path parameters of an operation's documented request: each one's example, else `x`. */
export function documentedPathParams(operation: Operation): Record<string, string> {
  return Object.fromEntries(
    operation.pathParameters.map((parameter) => [parameter.name, parameter.example ?? 'x']),
  )
}

/**
 * An account registered and activated through `mailbox`, each step a recorded check of `flow`:
 * the register and activate requests named by their operationId in `names`, the mail's arrival
 * by `names.mailed`. Undefined when a step failed (the flow then stops).
 */
export function registerRecorded(
  flow: SuiteRecorder,
  mailbox: Mailbox,
  session: string | undefined,
  credentials: Credentials,
  names: Record<string, string> & { mailed: string },
): Promise<Credentials | undefined> {
  const steps = {
    expect: (operationId: string, call: OperationCall, status: number) =>
      flow.request(names[operationId] ?? operationId, operationId, call, { status }, true),
    mailed: (_: string, arrived: boolean) =>
      flow.verdict(names.mailed, arrived ? undefined : 'no e-mail'),
  }
  return registerThroughMailbox(steps, mailbox, credentials, { session })
}

/**
 * An activated account for a flow: registered and activated through the mailbox when the run has
 * one (so a flow never changes an account it was given), else the given one. On a target without
 * stub sessions a given account goes first: every registration counts in the registration window
 * every client shares. Undefined when neither; `fresh` tells whether the flow may leave it changed.
 */
export async function flowAccount(
  flow: SuiteRecorder,
  context: RunContext,
  label: string,
  given: Credentials | undefined,
): Promise<{ credentials: Credentials; fresh: boolean } | undefined> {
  if (!context.mailbox || (given && !context.stubSessions))
    return given ? { credentials: given, fresh: false } : undefined
  const credentials = { email: runEmail(context, label), password: passwordOf(context) }
  const registered = await registerRecorded(
    flow,
    context.mailbox,
    context.target.session,
    credentials,
    {
      register: `${label}: register a fresh account: 201`,
      mailed: `${label}: the activation e-mail arrives`,
      activateAccount: `${label}: activate with the e-mailed token: 200`,
    },
  )
  return registered && { credentials: registered, fresh: true }
}

export type TokenPair = {
  access: string
  refresh: string
  validSeconds: number
  /** The answer's own `token_valid_seconds`, when it says one. */
  statedSeconds?: number
  /** When the sign-in answer came (ms since the epoch): the token expires at most validSeconds later. */
  receivedAt: number
}

/** Signs in as a recorded step that stops the flow when it fails. */
export async function signInStep(
  flow: SuiteRecorder,
  name: string,
  credentials: Credentials,
): Promise<TokenPair | undefined> {
  const answer = await signIn(
    (operationId, call) => flow.request(name, operationId, call, { status: 200 }, true),
    credentials,
  )
  const access = field(answer, 'access_token')
  const refresh = field(answer, 'refresh_token')
  const validSeconds = field(answer, 'token_valid_seconds')
  // Without token_valid_seconds the lifetime is the contract's; with neither, it is unknown.
  const contractSeconds = rulesOf(flow.contract).lifetimes?.accessToken
  return typeof access === 'string' && typeof refresh === 'string'
    ? {
        access,
        refresh,
        validSeconds:
          typeof validSeconds === 'number'
            ? validSeconds
            : (contractSeconds ?? Number.POSITIVE_INFINITY),
        statedSeconds: typeof validSeconds === 'number' ? validSeconds : undefined,
        receivedAt: Date.now(),
      }
    : undefined
}

/**
 * The e-mail to `to` that `pick` finds among them (their links' parameters, newest first), waiting
 * for it to arrive; undefined when none came.
 */
export async function mailMatching(
  context: RunContext,
  to: string,
  pick: (mails: LinkParams[]) => LinkParams | undefined,
): Promise<LinkParams | undefined> {
  const { mailbox } = context
  if (!mailbox) return undefined
  const deadline = performance.now() + mailbox.deliveryMs
  for (;;) {
    const found = pick(await mailbox.links(to, context.target.session).catch(() => []))
    if (found || performance.now() + 100 > deadline) return found
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/**
 * The newest e-mail to `to` whose link carries `parameter` with another value than `earlier`
 * (an earlier e-mail is there already), waiting for it to arrive; undefined when none came.
 */
export async function newerLink(
  context: RunContext,
  to: string,
  parameter: string,
  earlier: string | undefined,
): Promise<LinkParams | undefined> {
  // Only the newest e-mail with the parameter counts: an older one of another value is no news.
  return mailMatching(context, to, (mails) => {
    const newest = mails.find((params) => params[parameter] !== undefined)
    return newest?.[parameter] !== earlier ? newest : undefined
  })
}

/**
 * The e-mails to `to`, read once the mailbox's delivery time has passed since `since` (ms since the
 * epoch): what a request sent then has had time to show. Mail that never comes shows only so.
 */
export async function mailAfterDelivery(
  context: RunContext,
  to: string,
  since: number,
): Promise<LinkParams[] | undefined> {
  const { mailbox } = context
  if (!mailbox) return undefined
  const wait = since + mailbox.deliveryMs - Date.now()
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
  return mailbox.links(to, context.target.session).catch(() => undefined)
}
