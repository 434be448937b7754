import { passwordPolicyProblem } from '@devenv/domain'
import { type Contract, isJsonObject } from '@devenv/openapi'
import { USER_ACCOUNT } from '@devenv/openapi/dev-protocol'
import type fc from 'fast-check'
import { rulesOf } from '../../contract-rules'
import { type Answer, devClientOf, type OperationCall, type Transport } from '../../http'
import { judge } from '../checks'
import { sendOperation } from '../setup-call'
import type { Tally } from '../tally'
import {
  accessVerdict,
  type DeviceModel,
  type EnvironmentModel,
  listedEnvironments,
  MODEL_DELETE_SECONDS,
  MODEL_PROVISION_SECONDS,
  type Model,
  possibleStatuses,
  SECOND,
  seeStatus,
  statusOf,
} from './model'

/** The accounts a sequence plays with: the seeded user and two that it may register. */
export const ACCOUNTS = [
  USER_ACCOUNT.email,
  'nino.beridze@example.com',
  'giorgi@kartulisoft.example',
] as const
export const SEEDED = [{ ...USER_ACCOUNT }]
export const PASSWORDS = [USER_ACCOUNT.password, 'Tbilisi-Sunrise-2025', 'Kartuli#Soft9'] as const
export const WRONG_PASSWORD = 'Wrong-Password-1'

/**
 * Why the model cannot play against this contract's password policies, if it cannot: it
 * registers, resets and changes to its passwords expecting success, and the seeded one is the
 * stub's, so a policy refusing one of them would make every such step a false disagreement.
 */
export function passwordsRefused(contract: Contract): string | undefined {
  for (const { operationId, field, policy } of rulesOf(contract).passwordFields) {
    const refused = PASSWORDS.find((password) => passwordPolicyProblem(password, policy) !== null)
    if (refused !== undefined)
      return `the stateful model's passwords (${refused}) break the contract's x-password-policy of ${operationId}'s ${field}`
  }
  return undefined
}
export const NAMES = [
  'checkout-api',
  'billing-core',
  'ml-notebooks',
  'docs-site',
  'search',
  'fail-legacy',
] as const
/**
 * The clock's jumps (seconds): a second, past the provisioning and deletion the model assumes, and just past
 * each span the contract states: its lifetimes, its lock's period and its rate-limit windows.
 */
export function jumpsOf(contract: Contract): number[] {
  const lifetimes = rulesOf(contract).lifetimes
  const spans = [
    ...(lifetimes ? Object.values(lifetimes) : []),
    ...contract.operations.flatMap((operation) =>
      operation.rateLimits.map((limit) => limit.periodSeconds),
    ),
  ]
  const jumps = [1, MODEL_PROVISION_SECONDS, MODEL_DELETE_SECONDS, ...spans.map((span) => span + 1)]
  return [...new Set(jumps)].sort((a, b) => a - b)
}
export const MODEL_PROVISION_MS = MODEL_PROVISION_SECONDS * SECOND
export const MODEL_DELETE_MS = MODEL_DELETE_SECONDS * SECOND
/** Devices whose tokens are checked after every step (the newest ones). */
export const CHECKED_DEVICES = 6
/**
 * On the real clock, the longest a step may take: no step starts so close to a token's expiry
 * that the target could see it either way while the step runs (it waits the moment out).
 */
export const STEP_BUDGET_MS = 2_000

export type RealDevice = { access: string; refreshTokens: string[] }

/** The stub side of a sequence: its stub session, and the real tokens behind the model's devices. */
export type Real = {
  stub: Transport
  contract: Contract
  tally: Tally
  /** The sequence's stub session; undefined on a target without them (through the API alone). */
  session: string | undefined
  /** What environment names of this sequence end with (`-tag`), so no other run or sequence has them. */
  tag?: string
  /** New passwords the sequence sent per address: the clean-up finds a password a server changed by mistake. */
  passwordsSent?: Map<string, string[]>
  devices: RealDevice[]
  /** Steps run so far, over every sequence. */
  counts: { steps: number }
}

/** Sends one request of a sequence, checks the answer against the contract, counts it. */
export async function call(
  real: Real,
  operationId: string,
  fuzzCall: OperationCall,
): Promise<Answer> {
  const exchange = await sendOperation(
    real.stub,
    real.contract,
    operationId,
    fuzzCall,
    real.session,
    {
      input: 'unclassified',
      auth: 'public',
    },
  )
  const verdicts = judge(real.contract, exchange)
  real.tally.record('stateful', exchange, verdicts)
  const failed = real.tally.judged(verdicts).find((verdict) => verdict.problem !== undefined)
  if (failed) throw new Error(`${failed.check}: ${failed.problem}`)
  return exchange.answer
}

export const codeOf = (answer: Answer) => (isJsonObject(answer.json) ? answer.json.code : undefined)

/**
 * Fails the sequence unless the server answered what the model expects: the status, and the code
 * or one of the codes where the contract leaves more than one right.
 */
export function expectAnswer(
  what: string,
  answer: Answer,
  status: number,
  code?: string | readonly string[],
): void {
  const codes = code === undefined ? undefined : [code].flat()
  const answered = codeOf(answer)
  if (
    answer.status !== status ||
    (codes !== undefined && !codes.some((each) => each === answered))
  ) {
    throw new Error(
      `${what}: the model expects ${status}${codes ? ` ${codes.join(' or ')}` : ''}, the server answered ${answer.status} ${answer.text.slice(0, 300)}`,
    )
  }
}

/**
 * Whether the model holds the device's access token expired or revoked: then the answer must be
 * the 401 that says which.
 */
export function refusedAccess(
  what: string,
  model: Readonly<Model>,
  device: DeviceModel,
  answer: Answer,
): boolean {
  const verdict = accessVerdict(model, device)
  if (verdict === 'valid') return false
  expectAnswer(what, answer, 401, verdict === 'expired' ? 'TOKEN_EXPIRED' : 'TOKEN_INVALID')
  return true
}

export function expectEqual(what: string, actual: unknown, expected: unknown): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) {
    throw new Error(
      `${what}: the model expects ${JSON.stringify(expected)}, the server has ${JSON.stringify(actual)}`,
    )
  }
}

export function tokenPair(answer: Answer): { access: string; refresh: string } {
  const body = isJsonObject(answer.json) ? answer.json : {}
  return { access: String(body.access_token), refresh: String(body.refresh_token) }
}

/** The name a sequence gives its environment: the model's, with the sequence's tag on the real clock. */
export const environmentName = (real: Real, index: number) => {
  const name = NAMES[index] ?? 'search'
  return real.tag === undefined ? name : `${name}-${real.tag}`
}

/**
 * After a token pair was issued: on the real clock, when (between the step's start and the
 * answer) and for how long (`token_valid_seconds`) its access token is valid.
 */
export function issuedOnRealClock(model: Model, device: DeviceModel, answer: Answer): void {
  if (model.clock !== 'real') return
  const body = isJsonObject(answer.json) ? answer.json : {}
  device.accessRequestedAt = model.now
  device.accessIssuedAt = Date.now()
  if (typeof body.token_valid_seconds === 'number')
    device.accessValidMs = body.token_valid_seconds * SECOND
}

/**
 * On the real clock, waits until no access token is near its expiry: a token the target might
 * take either way while the next step runs would make the model's verdict a guess.
 */
export async function settleClock(model: Model): Promise<void> {
  for (;;) {
    const now = Date.now()
    const until = Math.max(0, ...model.devices.map((device) => nearExpiry(device, now) ?? 0))
    if (until === 0) break
    await new Promise((resolve) => setTimeout(resolve, until - now))
  }
  model.now = Date.now()
}

/**
 * On the real clock, when a device's access token is surely expired if the target might take it
 * either way during a step starting `now`; undefined when it is surely valid or surely expired.
 */
export function nearExpiry(device: DeviceModel, now: number): number | undefined {
  if (device.accessValidMs === undefined) return undefined
  // A second of slack: JWT times are whole seconds.
  const from = (device.accessRequestedAt ?? device.accessIssuedAt) + device.accessValidMs - SECOND
  const to = device.accessIssuedAt + device.accessValidMs + 50
  return now >= from - STEP_BUDGET_MS && now < to ? to : undefined
}

export async function mailedLink(
  real: Real,
  email: string,
  kind: 'activation' | 'password-reset',
  newest: number,
) {
  return (
    (await devClientOf(real.stub, real.session ?? '').mailedLink(email, kind, newest)) ??
    ({} as Record<string, string>)
  )
}

/**
 * After every step the stub and the model must agree on what can be observed: which devices'
 * access tokens still work, and which environments each signed-in account has, in which status.
 */
export async function agree(model: Model, real: Real): Promise<void> {
  const first = Math.max(0, model.devices.length - CHECKED_DEVICES)
  for (let index = first; index < model.devices.length; index++) {
    const device = model.devices[index]
    const token = real.devices[index]?.access
    if (!device || token === undefined) continue
    // A token issued by this very step with a lifetime of a moment: the target may take it either way.
    if (model.clock === 'real' && nearExpiry(device, Date.now()) !== undefined) continue
    const answer = await call(real, 'legacyVerifyToken', { token })
    const what = `device ${index} (${device.email}) verify`
    if (refusedAccess(what, model, device, answer)) continue
    expectAnswer(what, answer, 200)
    const user = isJsonObject(answer.json) && isJsonObject(answer.json.user) ? answer.json.user : {}
    expectEqual(`device ${index} verify e-mail`, user.email, device.email)
  }
  const listed = new Set<string>()
  for (let index = model.devices.length - 1; index >= 0; index--) {
    const device = model.devices[index]
    const token = real.devices[index]?.access
    if (
      !device ||
      token === undefined ||
      listed.has(device.email) ||
      accessVerdict(model, device) !== 'valid' ||
      (model.clock === 'real' && nearExpiry(device, Date.now()) !== undefined)
    )
      continue
    listed.add(device.email)
    const answer = await call(real, 'listEnvironments', { token })
    expectAnswer(`environments of ${device.email}`, answer, 200)
    const items =
      isJsonObject(answer.json) && Array.isArray(answer.json.items) ? answer.json.items : []
    if (model.clock === 'real') {
      agreeOnList(model, real, device.email, items)
      continue
    }
    expectEqual(
      `environments of ${device.email}`,
      items.map((item) =>
        isJsonObject(item) ? `${String(item.name)}:${String(item.status)}` : '?',
      ),
      listedEnvironments(model, device.email, MODEL_DELETE_MS).map(
        (each) => `${each.name}:${statusOf(model, each, MODEL_PROVISION_MS)}`,
      ),
    )
  }
}

/**
 * On the real clock, the account's list against the model: only this sequence's environments
 * (by their tag; the account may have others), newest first, each in a status it may have by
 * now. A deletion not listed any more has finished; anything else missing is a disagreement.
 */
function agreeOnList(model: Model, real: Real, email: string, items: unknown[]): void {
  const what = `environments of ${email}`
  const listed = items.flatMap((item) =>
    isJsonObject(item) && typeof item.name === 'string' && item.name.endsWith(`-${real.tag}`)
      ? [{ name: item.name, status: item.status }]
      : [],
  )
  const expected: EnvironmentModel[] = []
  for (const environment of listedEnvironments(model, email, 0)) {
    const item = listed.find((each) => each.name === environment.name)
    if (!item) {
      if (environment.deleteRequestedAt === null)
        throw new Error(`${what}: the model expects ${environment.name} listed, the server has not`)
      environment.goneSeen = true
      continue
    }
    if (!possibleStatuses(environment).includes(String(item.status)))
      throw new Error(
        `${what}: the model expects ${environment.name} ${possibleStatuses(environment).join(' or ')}, the server has ${String(item.status)}`,
      )
    seeStatus(environment, item.status)
    expected.push(environment)
  }
  expectEqual(
    what,
    listed.map((each) => each.name),
    expected.map((each) => each.name),
  )
}

export type Command = fc.AsyncCommand<Model, Real, false>

/** A step of a sequence: the request, the model's expectation, then the agreement check. */
export abstract class Step implements Command {
  abstract readonly label: string
  check(_model: Readonly<Model>): boolean {
    return true
  }
  abstract act(model: Model, real: Real): Promise<void>
  async run(model: Model, real: Real): Promise<void> {
    real.counts.steps += 1
    if (model.clock === 'real') await settleClock(model)
    await this.act(model, real)
    await agree(model, real)
  }
  toString(): string {
    return this.label
  }
}

export const deviceAt = (model: Readonly<Model>, index: number) =>
  model.devices.length === 0 ? undefined : index % model.devices.length

/** A step acting for one of the accounts a sequence plays with (ACCOUNTS, or the given ones). */
export abstract class AccountStep extends Step {
  constructor(readonly email: string) {
    super()
  }
}

/** A step presenting the access token of one of the devices signed in so far. */
export abstract class DeviceStep extends Step {
  constructor(readonly device: number) {
    super()
  }
  override check(model: Readonly<Model>) {
    return deviceAt(model, this.device) !== undefined
  }
  /** The device on both sides: the model's, and the access token the real side presents. */
  protected signedIn(model: Model, real: Real) {
    const index = deviceAt(model, this.device) ?? 0
    const device = model.devices[index]
    const token = real.devices[index]?.access
    if (!device || token === undefined) throw new Error(`${this.label}: no such device`)
    return { device, token }
  }
}
