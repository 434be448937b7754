import { type Contract, isJsonObject, loadContract } from '@devenv/openapi'
import { USER_ACCOUNT } from '@devenv/stub-api/dev-client'
import fc from 'fast-check'
import { type Exchange, judge } from './checks'
import {
  ACTIVATION_LINK_MS,
  accessVerdict,
  type DeviceModel,
  ENVIRONMENT_QUOTA,
  initialModel,
  isForgotten,
  isGone,
  isLocked,
  issueLink,
  issuePair,
  type LinkModel,
  linkVerdict,
  listedEnvironments,
  type Model,
  REFRESH_TOKEN_MS,
  RESET_LINK_MS,
  recordFailure,
  SECOND,
  statusOf,
} from './stateful-model'
import { Tally } from './tally'
import {
  type Answer,
  DELETE_SECONDS,
  devClientOf,
  FUZZ_CLOCK_START,
  type FuzzTransport,
  PROVISION_SECONDS,
} from './transport'

/** The accounts a sequence plays with: the seeded user and two that it may register. */
export const ACCOUNTS = [
  USER_ACCOUNT.email,
  'nino.beridze@example.com',
  'giorgi@kartulisoft.example',
] as const
const SEEDED = [{ ...USER_ACCOUNT }]
const PASSWORDS = [USER_ACCOUNT.password, 'Tbilisi-Sunrise-2025', 'Kartuli#Soft9'] as const
const WRONG_PASSWORD = 'Wrong-Password-1'
const NAMES = [
  'checkout-api',
  'billing-core',
  'ml-notebooks',
  'docs-site',
  'search',
  'fail-legacy',
] as const
/** Clock jumps: a second, past provisioning, a minute, past the access token, the reset link, the activation link, the refresh token. */
const JUMPS = [1, PROVISION_SECONDS, 61, 901, 3601, 86_401, 7 * 86_400 + 1] as const
const PROVISION_MS = PROVISION_SECONDS * SECOND
const DELETE_MS = DELETE_SECONDS * SECOND
/** Devices whose tokens are checked after every step (the newest ones). */
const CHECKED_DEVICES = 6

type RealDevice = { access: string; refreshTokens: string[] }

/** The stub side of a sequence: its stub session, and the real tokens behind the model's devices. */
export type Real = {
  stub: FuzzTransport
  contract: Contract
  tally: Tally
  session: string
  devices: RealDevice[]
  /** Steps run so far, over every sequence. */
  counts: { steps: number }
}

type Call = { method: string; path: string; body?: unknown; token?: string }

/** Sends one request of a sequence, checks the answer against the contract, counts it. */
async function call(real: Real, operationId: string, request: Call): Promise<Answer> {
  const headers: Record<string, string> = { 'x-stub-session': real.session }
  if (request.body !== undefined) headers['content-type'] = 'application/json'
  if (request.token !== undefined) headers.authorization = `Bearer ${request.token}`
  const url = request.path.startsWith('/__dev') ? request.path : `/api${request.path}`
  const answer = await real.stub.send({
    method: request.method,
    url,
    headers,
    ...(request.body !== undefined ? { payload: Buffer.from(JSON.stringify(request.body)) } : {}),
  })
  if (operationId !== '') {
    const exchange: Exchange = {
      operationId,
      request: {
        method: request.method,
        url,
        headers,
        body: JSON.stringify(request.body) ?? '(none)',
      },
      answer,
      input: 'unclassified',
      auth: 'public',
      ruleFields: [],
    }
    const verdicts = judge(real.contract, exchange)
    real.tally.record('stateful', exchange, verdicts)
    const failed = verdicts.find((verdict) => verdict.problem !== undefined)
    if (failed) throw new Error(`${failed.check}: ${failed.problem}`)
  }
  return answer
}

const codeOf = (answer: Answer) => (isJsonObject(answer.json) ? answer.json.code : undefined)

/** Fails the sequence unless the stub answered what the model expects. */
function expectAnswer(what: string, answer: Answer, status: number, code?: string): void {
  if (answer.status !== status || (code !== undefined && codeOf(answer) !== code)) {
    throw new Error(
      `${what}: the model expects ${status}${code ? ` ${code}` : ''}, the stub answered ${answer.status} ${answer.text.slice(0, 300)}`,
    )
  }
}

function expectEqual(what: string, actual: unknown, expected: unknown): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) {
    throw new Error(
      `${what}: the model expects ${JSON.stringify(expected)}, the stub has ${JSON.stringify(actual)}`,
    )
  }
}

function tokenPair(answer: Answer): { access: string; refresh: string } {
  const body = isJsonObject(answer.json) ? answer.json : {}
  return { access: String(body.access_token), refresh: String(body.refresh_token) }
}

async function mailedLink(
  real: Real,
  email: string,
  kind: 'activation' | 'password-reset',
  newest: number,
) {
  return (
    (await devClientOf(real.stub, real.session).mailedLink(email, kind, newest)) ??
    ({} as Record<string, string>)
  )
}

/**
 * After every step the stub and the model must agree on what can be observed: which devices'
 * access tokens still work, and which environments each signed-in account has, in which status.
 */
async function agree(model: Model, real: Real): Promise<void> {
  const first = Math.max(0, model.devices.length - CHECKED_DEVICES)
  for (let index = first; index < model.devices.length; index++) {
    const device = model.devices[index]
    const token = real.devices[index]?.access
    if (!device || token === undefined) continue
    const answer = await call(real, 'legacyVerifyToken', {
      method: 'GET',
      path: '/auth/verify',
      token,
    })
    const verdict = accessVerdict(model, device)
    if (verdict === 'valid') {
      expectAnswer(`device ${index} (${device.email}) verify`, answer, 200)
      const user =
        isJsonObject(answer.json) && isJsonObject(answer.json.user) ? answer.json.user : {}
      expectEqual(`device ${index} verify e-mail`, user.email, device.email)
    } else {
      expectAnswer(
        `device ${index} (${device.email}) verify`,
        answer,
        401,
        verdict === 'expired' ? 'TOKEN_EXPIRED' : 'TOKEN_INVALID',
      )
    }
  }
  const listed = new Set<string>()
  for (let index = model.devices.length - 1; index >= 0; index--) {
    const device = model.devices[index]
    const token = real.devices[index]?.access
    if (
      !device ||
      token === undefined ||
      listed.has(device.email) ||
      accessVerdict(model, device) !== 'valid'
    )
      continue
    listed.add(device.email)
    const answer = await call(real, 'listEnvironments', {
      method: 'GET',
      path: '/environments',
      token,
    })
    expectAnswer(`environments of ${device.email}`, answer, 200)
    const items =
      isJsonObject(answer.json) && Array.isArray(answer.json.items) ? answer.json.items : []
    expectEqual(
      `environments of ${device.email}`,
      items.map((item) =>
        isJsonObject(item) ? `${String(item.name)}:${String(item.status)}` : '?',
      ),
      listedEnvironments(model, device.email, DELETE_MS).map(
        (each) => `${each.name}:${statusOf(model, each, PROVISION_MS)}`,
      ),
    )
  }
}

type Command = fc.AsyncCommand<Model, Real, false>

/** A step of a sequence: the request, the model's expectation, then the agreement check. */
abstract class Step implements Command {
  abstract readonly label: string
  check(_model: Readonly<Model>): boolean {
    return true
  }
  abstract act(model: Model, real: Real): Promise<void>
  async run(model: Model, real: Real): Promise<void> {
    real.counts.steps += 1
    await this.act(model, real)
    await agree(model, real)
  }
  toString(): string {
    return this.label
  }
}

const deviceAt = (model: Readonly<Model>, index: number) =>
  model.devices.length === 0 ? undefined : index % model.devices.length

/** A step acting for one of the model's accounts, chosen by its index in ACCOUNTS. */
abstract class AccountStep extends Step {
  constructor(readonly account: number) {
    super()
  }
  get email(): string {
    return ACCOUNTS[this.account] ?? ''
  }
}

class Register extends AccountStep {
  constructor(
    account: number,
    readonly password: number,
  ) {
    super(account)
  }
  get label() {
    return `register(${this.email}, ${PASSWORDS[this.password]})`
  }
  async act(model: Model, real: Real) {
    const email = this.email
    const password = PASSWORDS[this.password] ?? ''
    const answer = await call(real, 'register', {
      method: 'POST',
      path: '/auth/registration',
      body: { username: email, password, userType: 'PERSONAL' },
    })
    const known = model.accounts.get(email)
    if (known) return expectAnswer(this.label, answer, 409, 'EMAIL_TAKEN')
    expectAnswer(this.label, answer, 201)
    const account = {
      email,
      password,
      activated: false,
      activations: [] as LinkModel[],
      resets: [] as LinkModel[],
    }
    issueLink(model, account.activations)
    model.accounts.set(email, account)
  }
}

class ResendActivation extends AccountStep {
  get label() {
    return `resendActivation(${this.email})`
  }
  async act(model: Model, real: Real) {
    const email = this.email
    const answer = await call(real, 'resendActivation', {
      method: 'POST',
      path: '/auth/activate/resend',
      body: { email },
    })
    expectAnswer(this.label, answer, 200)
    const account = model.accounts.get(email)
    if (account && !account.activated) issueLink(model, account.activations)
  }
}

class Activate extends AccountStep {
  constructor(
    account: number,
    readonly newest: number,
  ) {
    super(account)
  }
  get label() {
    return `activate(${this.email}, link ${this.newest === 0 ? 'newest' : 'before that'})`
  }
  override check(model: Readonly<Model>) {
    return (model.accounts.get(this.email)?.activations.length ?? 0) > this.newest
  }
  async act(model: Model, real: Real) {
    const email = this.email
    const account = model.accounts.get(email)
    const link = account?.activations[account.activations.length - 1 - this.newest]
    if (!account || !link) throw new Error(`${this.label}: no such link in the model`)
    const { activate } = await mailedLink(real, email, 'activation', this.newest)
    const answer = await call(real, 'activateAccount', {
      method: 'POST',
      path: '/auth/activate',
      body: { token: String(activate) },
    })
    const verdict = linkVerdict(model, link, ACTIVATION_LINK_MS)
    if (verdict === 'used') return expectAnswer(this.label, answer, 400, 'ACTIVATION_TOKEN_USED')
    if (verdict === 'superseded')
      return expectAnswer(this.label, answer, 400, 'ACTIVATION_TOKEN_INVALID')
    if (verdict === 'expired')
      return expectAnswer(this.label, answer, 400, 'ACTIVATION_TOKEN_EXPIRED')
    expectAnswer(this.label, answer, 200)
    link.usedAt = model.now
    account.activated = true
  }
}

class SignIn extends AccountStep {
  constructor(
    account: number,
    readonly right: boolean,
  ) {
    super(account)
  }
  get label() {
    return `signIn(${this.email}, ${this.right ? 'right' : 'wrong'} password)`
  }
  async act(model: Model, real: Real) {
    const email = this.email
    const account = model.accounts.get(email)
    const password = this.right && account ? account.password : WRONG_PASSWORD
    const answer = await call(real, 'signIn', {
      method: 'POST',
      path: '/auth/auth',
      body: { email, password },
    })
    if (isLocked(model, email)) return expectAnswer(this.label, answer, 429, 'LOGIN_LOCKED')
    if (!account || !this.right) {
      recordFailure(model, email)
      return expectAnswer(this.label, answer, 401, 'INVALID_CREDENTIALS')
    }
    if (!account.activated) return expectAnswer(this.label, answer, 403, 'ACCOUNT_NOT_ACTIVATED')
    expectAnswer(this.label, answer, 200)
    model.locks.delete(email)
    const device: DeviceModel = {
      email,
      accessIssuedAt: model.now,
      revoked: false,
      refreshTokens: [],
    }
    issuePair(model, device)
    model.devices.push(device)
    const pair = tokenPair(answer)
    real.devices.push({ access: pair.access, refreshTokens: [pair.refresh] })
  }
}

/** A step that presents one of a device's refresh tokens: its current one, or the one before. */
abstract class PresentsRefreshToken extends Step {
  abstract readonly operation: string
  constructor(
    readonly device: number,
    readonly previous: boolean,
  ) {
    super()
  }
  get label() {
    return `${this.operation}(device ${this.device}, ${this.previous ? 'an already used token' : 'its current token'})`
  }
  override check(model: Readonly<Model>) {
    const index = deviceAt(model, this.device)
    return (
      index !== undefined &&
      (!this.previous || (model.devices[index]?.refreshTokens.length ?? 0) > 1)
    )
  }
  /** The device on both sides, the model's token and the text the real side presents. */
  protected presented(model: Model, real: Real) {
    const index = deviceAt(model, this.device) ?? 0
    const device = model.devices[index]
    const tokens = real.devices[index]
    const position = (device?.refreshTokens.length ?? 0) - (this.previous ? 2 : 1)
    const token = device?.refreshTokens[position]
    const presented = tokens?.refreshTokens[position]
    if (!device || !tokens || !token || presented === undefined)
      throw new Error(`${this.label}: no such token`)
    return { device, tokens, token, presented }
  }
}

class Refresh extends PresentsRefreshToken {
  readonly operation = 'refresh'
  async act(model: Model, real: Real) {
    const { device, tokens, token, presented } = this.presented(model, real)
    const answer = await call(real, 'refreshToken', {
      method: 'POST',
      path: '/auth/token/refresh',
      body: { refreshToken: presented },
    })
    if (isForgotten(model, token))
      return expectAnswer(this.label, answer, 401, 'REFRESH_TOKEN_INVALID')
    if (token.usedAt !== null) {
      // Reuse: "the whole session ... is revoked".
      device.revoked = true
      return expectAnswer(this.label, answer, 401, 'REFRESH_TOKEN_REUSED')
    }
    if (device.revoked || model.now >= token.issuedAt + REFRESH_TOKEN_MS) {
      return expectAnswer(this.label, answer, 401, 'REFRESH_TOKEN_INVALID')
    }
    expectAnswer(this.label, answer, 200)
    token.usedAt = model.now
    issuePair(model, device)
    const pair = tokenPair(answer)
    tokens.access = pair.access
    tokens.refreshTokens.push(pair.refresh)
  }
}

class SignOut extends PresentsRefreshToken {
  readonly operation = 'signOut'
  async act(model: Model, real: Real) {
    const { device, token, presented } = this.presented(model, real)
    const answer = await call(real, 'signOut', {
      method: 'POST',
      path: '/auth/logout',
      body: { refreshToken: presented },
    })
    expectAnswer(this.label, answer, 204)
    // "With a body { refreshToken } the session that token belongs to is revoked" (if the stub still knows it).
    if (!isForgotten(model, token)) device.revoked = true
  }
}

class ReadProfile extends Step {
  constructor(readonly device: number) {
    super()
  }
  get label() {
    return `getProfile(device ${this.device})`
  }
  override check(model: Readonly<Model>) {
    return deviceAt(model, this.device) !== undefined
  }
  async act(model: Model, real: Real) {
    const index = deviceAt(model, this.device) ?? 0
    const device = model.devices[index]
    const token = real.devices[index]?.access
    if (!device || token === undefined) throw new Error(`${this.label}: no such device`)
    const answer = await call(real, 'getProfile', { method: 'GET', path: '/user/profile', token })
    const verdict = accessVerdict(model, device)
    if (verdict !== 'valid')
      return expectAnswer(
        this.label,
        answer,
        401,
        verdict === 'expired' ? 'TOKEN_EXPIRED' : 'TOKEN_INVALID',
      )
    expectAnswer(this.label, answer, 200)
    expectEqual(
      `${this.label} e-mail`,
      isJsonObject(answer.json) ? answer.json.email : undefined,
      device.email,
    )
  }
}

class ForgotPassword extends AccountStep {
  get label() {
    return `requestPasswordReset(${this.email})`
  }
  async act(model: Model, real: Real) {
    const email = this.email
    const answer = await call(real, 'requestPasswordReset', {
      method: 'POST',
      path: '/auth/reset-password',
      body: { username: email },
    })
    const account = model.accounts.get(email)
    if (!account) return expectAnswer(this.label, answer, 401, 'USER_NOT_FOUND')
    expectAnswer(this.label, answer, 200)
    issueLink(model, account.resets)
  }
}

class ResetPassword extends AccountStep {
  constructor(
    account: number,
    readonly newest: number,
    readonly password: number,
  ) {
    super(account)
  }
  get label() {
    return `setPassword(${this.email}, link ${this.newest === 0 ? 'newest' : 'before that'}, ${PASSWORDS[this.password]})`
  }
  override check(model: Readonly<Model>) {
    return (model.accounts.get(this.email)?.resets.length ?? 0) > this.newest
  }
  async act(model: Model, real: Real) {
    const email = this.email
    const account = model.accounts.get(email)
    const link = account?.resets[account.resets.length - 1 - this.newest]
    if (!account || !link) throw new Error(`${this.label}: no such link in the model`)
    const { user, hash } = await mailedLink(real, email, 'password-reset', this.newest)
    const password = PASSWORDS[this.password] ?? ''
    const answer = await call(real, 'setPassword', {
      method: 'POST',
      path: '/auth/set-password',
      body: { username: String(user), hash: String(hash), password },
    })
    const verdict = linkVerdict(model, link, RESET_LINK_MS)
    if (verdict === 'used') return expectAnswer(this.label, answer, 400, 'RESET_LINK_USED')
    if (verdict === 'superseded') return expectAnswer(this.label, answer, 400, 'RESET_LINK_INVALID')
    if (verdict === 'expired') return expectAnswer(this.label, answer, 401, 'RESET_LINK_EXPIRED')
    expectAnswer(this.label, answer, 200)
    link.usedAt = model.now
    account.password = password
    account.activated = true
    model.locks.delete(email)
    // "every session of the account is revoked"
    for (const device of model.devices) if (device.email === email) device.revoked = true
  }
}

class ChangePassword extends AccountStep {
  constructor(
    account: number,
    readonly right: boolean,
    readonly password: number,
  ) {
    super(account)
  }
  get label() {
    return `changePassword(${this.email}, ${this.right ? 'right' : 'wrong'} old password, ${PASSWORDS[this.password]})`
  }
  async act(model: Model, real: Real) {
    const email = this.email
    const account = model.accounts.get(email)
    const oldPassword = this.right && account ? account.password : WRONG_PASSWORD
    const newPassword = PASSWORDS[this.password] ?? ''
    const answer = await call(real, 'changePassword', {
      method: 'POST',
      path: '/auth/change-password',
      body: { username: email, oldPassword, newPassword },
    })
    if (isLocked(model, email)) return expectAnswer(this.label, answer, 429, 'LOGIN_LOCKED')
    if (!account || !this.right) {
      recordFailure(model, email)
      return expectAnswer(this.label, answer, 401, 'INVALID_CREDENTIALS')
    }
    if (!account.activated) return expectAnswer(this.label, answer, 403, 'ACCOUNT_NOT_ACTIVATED')
    // The right password resets the lock, even when the new one is then refused.
    model.locks.delete(email)
    if (newPassword === account.password)
      return expectAnswer(this.label, answer, 400, 'VALIDATION_FAILED')
    expectAnswer(this.label, answer, 200)
    account.password = newPassword
  }
}

class CreateEnvironment extends Step {
  constructor(
    readonly device: number,
    readonly name: number,
  ) {
    super()
  }
  get label() {
    return `createEnvironment(device ${this.device}, ${NAMES[this.name]})`
  }
  override check(model: Readonly<Model>) {
    return deviceAt(model, this.device) !== undefined
  }
  async act(model: Model, real: Real) {
    const index = deviceAt(model, this.device) ?? 0
    const device = model.devices[index]
    const token = real.devices[index]?.access
    if (!device || token === undefined) throw new Error(`${this.label}: no such device`)
    const name = NAMES[this.name] ?? 'search'
    const answer = await call(real, 'createEnvironment', {
      method: 'POST',
      path: '/environments',
      token,
      body: { name, template: 'python-3.12', size: 'professional', region: 'us-east' },
    })
    const verdict = accessVerdict(model, device)
    if (verdict !== 'valid')
      return expectAnswer(
        this.label,
        answer,
        401,
        verdict === 'expired' ? 'TOKEN_EXPIRED' : 'TOKEN_INVALID',
      )
    const existing = listedEnvironments(model, device.email, DELETE_MS)
    if (existing.filter((each) => each.deleteRequestedAt === null).length >= ENVIRONMENT_QUOTA) {
      return expectAnswer(this.label, answer, 403, 'ENVIRONMENT_QUOTA_EXCEEDED')
    }
    // "An environment name stays taken while the environment is deleting."
    if (existing.some((each) => each.name === name))
      return expectAnswer(this.label, answer, 409, 'ENVIRONMENT_NAME_TAKEN')
    expectAnswer(this.label, answer, 201)
    const body = isJsonObject(answer.json) ? answer.json : {}
    expectEqual(`${this.label} status`, [body.status, body.url], ['provisioning', null])
    model.environments.push({
      id: String(body.id),
      owner: device.email,
      name,
      createdAt: model.now,
      deleteRequestedAt: null,
      failing: name.startsWith('fail-'),
    })
  }
}

/** Reads or deletes an environment: one of any account's the model knows, or an unknown id. */
class EnvironmentStep extends Step {
  constructor(
    readonly method: 'GET' | 'DELETE',
    readonly device: number,
    readonly environment: number,
  ) {
    super()
  }
  get label() {
    return `${this.method === 'GET' ? 'getEnvironment' : 'deleteEnvironment'}(device ${this.device}, environment ${this.environment})`
  }
  override check(model: Readonly<Model>) {
    return deviceAt(model, this.device) !== undefined
  }
  async act(model: Model, real: Real) {
    const index = deviceAt(model, this.device) ?? 0
    const device = model.devices[index]
    const token = real.devices[index]?.access
    if (!device || token === undefined) throw new Error(`${this.label}: no such device`)
    const environment =
      model.environments.length > 0
        ? model.environments[this.environment % (model.environments.length + 1)]
        : undefined
    const id = environment?.id ?? '0b8f3d1e-4c2a-4e6b-9a7d-5f1c2e3d4a5b'
    const operationId = this.method === 'GET' ? 'getEnvironment' : 'deleteEnvironment'
    const answer = await call(real, operationId, {
      method: this.method,
      path: `/environments/${id}`,
      token,
    })
    const verdict = accessVerdict(model, device)
    if (verdict !== 'valid')
      return expectAnswer(
        this.label,
        answer,
        401,
        verdict === 'expired' ? 'TOKEN_EXPIRED' : 'TOKEN_INVALID',
      )
    // Another account's, unknown and finished deletions are all "not found".
    if (
      !environment ||
      environment.owner !== device.email ||
      isGone(model, environment, DELETE_MS)
    ) {
      return expectAnswer(this.label, answer, 404, 'NOT_FOUND')
    }
    if (this.method === 'DELETE') environment.deleteRequestedAt ??= model.now
    expectAnswer(this.label, answer, this.method === 'GET' ? 200 : 202)
    const status = statusOf(model, environment, PROVISION_MS)
    const body = isJsonObject(answer.json) ? answer.json : {}
    expectEqual(
      `${this.label} status and url`,
      [body.status, body.url === null],
      [status, status !== 'running'],
    )
  }
}

class AdvanceClock extends Step {
  constructor(readonly seconds: number) {
    super()
  }
  get label() {
    return `advanceClock(${this.seconds} s)`
  }
  async act(model: Model, real: Real) {
    await devClientOf(real.stub, real.session).advanceClock(this.seconds)
    model.now += this.seconds * SECOND
  }
}

const account = fc.nat(ACCOUNTS.length - 1)
const password = fc.nat(PASSWORDS.length - 1)
const device = fc.nat(15)

/** Every step a sequence can take, with the requests' choices left to fast-check. */
export const STEPS: fc.Arbitrary<Command>[] = [
  fc.tuple(account, password).map(([who, secret]) => new Register(who, secret)),
  account.map((who) => new ResendActivation(who)),
  fc.tuple(account, fc.nat(1)).map(([who, newest]) => new Activate(who, newest)),
  fc.tuple(account, fc.boolean()).map(([who, right]) => new SignIn(who, right)),
  // Signing in again and again: most steps need a device.
  fc.tuple(account, fc.constant(true)).map(([who, right]) => new SignIn(who, right)),
  fc.constant(0).map(() => new SignIn(0, true)),
  fc.tuple(device, fc.boolean()).map(([which, previous]) => new Refresh(which, previous)),
  fc.tuple(device, fc.boolean()).map(([which, previous]) => new SignOut(which, previous)),
  device.map((which) => new ReadProfile(which)),
  account.map((who) => new ForgotPassword(who)),
  fc
    .tuple(account, fc.nat(1), password)
    .map(([who, newest, secret]) => new ResetPassword(who, newest, secret)),
  fc
    .tuple(account, fc.boolean(), password)
    .map(([who, right, secret]) => new ChangePassword(who, right, secret)),
  fc
    .tuple(device, fc.nat(NAMES.length - 1))
    .map(([which, name]) => new CreateEnvironment(which, name)),
  fc
    .tuple(device, fc.nat(31))
    .map(([which, environment]) => new EnvironmentStep('GET', which, environment)),
  fc
    .tuple(device, fc.nat(31))
    .map(([which, environment]) => new EnvironmentStep('DELETE', which, environment)),
  fc.constantFrom(...JUMPS).map((seconds) => new AdvanceClock(seconds)),
]

export type StatefulOptions = {
  /**
   * The server, started with rate limits off (the model does not count their windows) and the
   * stub's fixed clock; the caller closes it.
   */
  transport: FuzzTransport
  contract?: Contract
  runs: number
  seed: number
  maxCommands?: number
  /** The target's clock at the start (ms); the fuzz stub's fixed one by default. */
  clockStart?: number
}

export type StatefulResult = {
  tally: Tally
  runs: number
  steps: number
  durationMs: number
  /** The shrunk failing sequence and why, when the stub and the model disagreed. */
  failure?: string
}

/**
 * Random sequences of register, activate, sign in, refresh (reusing old tokens too), sign out,
 * forgot and reset password, change password, create, read and delete environments and clock
 * jumps, each in a fresh stub session, with the model and the stub compared after every step.
 */
export async function runStateful(options: StatefulOptions): Promise<StatefulResult> {
  const started = performance.now()
  const contract = options.contract ?? loadContract()
  const stub = options.transport
  const tally = new Tally(contract)
  let sessions = 0
  const counts = { steps: 0 }
  {
    const property = fc.asyncProperty(
      fc.commands(STEPS, { maxCommands: options.maxCommands ?? 30, size: 'max' }),
      async (commands) => {
        const session = `stateful-${options.seed}-${++sessions}`
        await fc.asyncModelRun(
          () => ({
            model: initialModel(options.clockStart ?? FUZZ_CLOCK_START, SEEDED),
            real: { stub, contract, tally, session, devices: [], counts },
          }),
          commands,
        )
      },
    )
    const details = await fc.check(property, { seed: options.seed, numRuns: options.runs })
    const result: StatefulResult = {
      tally,
      runs: options.runs,
      steps: counts.steps,
      durationMs: performance.now() - started,
    }
    if (details.failed) {
      const error =
        details.errorInstance instanceof Error
          ? details.errorInstance.message
          : String(details.errorInstance)
      result.failure = `${error}\nsequence: ${String(details.counterexample?.[0] ?? '')}\n(${details.numShrinks} shrinks; replay with --seed ${options.seed})`
    }
    return result
  }
}
