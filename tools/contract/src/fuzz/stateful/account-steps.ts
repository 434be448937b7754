import { isJsonObject } from '@devenv/openapi'
import type { Answer } from '../../http'
import { LOCK_HEADROOM } from '../api-world'
import {
  type DeviceModel,
  isLocked,
  issueLink,
  issuePair,
  type LinkModel,
  learnAccountAnswers,
  linkVerdict,
  type Model,
  recordFailure,
  refreshTokenExpired,
} from './model'
import {
  AccountStep,
  call,
  DeviceStep,
  deviceAt,
  expectAnswer,
  expectEqual,
  issuedOnRealClock,
  mailedLink,
  PASSWORDS,
  type Real,
  refusedAccess,
  Step,
  tokenPair,
  WRONG_PASSWORD,
} from './sequence'

/**
 * On the real clock the account is a given one, whose login lock outlives the sequence: a wrong
 * password is tried only while the lock is well out of reach (the clean-up's sign-in resets it).
 */
function withinLock(model: Readonly<Model>, email: string): boolean {
  return model.clock === 'jumps' || (model.locks.get(email)?.attempts ?? 0) < LOCK_HEADROOM
}

/**
 * The right password of an account not activated yet: 403, or where answers are alike for every
 * address the 401 of a wrong password, counted by the lock (the registration is pending).
 */
function expectNotActivated(model: Model, what: string, email: string, answer: Answer): void {
  learnAccountAnswers(model, what, answer.status === 401 ? 'alike' : 'distinct')
  if (model.accountAnswers === 'distinct') {
    expectAnswer(what, answer, 403, 'ACCOUNT_NOT_ACTIVATED')
    return
  }
  recordFailure(model, email)
  expectAnswer(what, answer, 401, 'INVALID_CREDENTIALS')
}

export class Register extends AccountStep {
  constructor(
    account: string,
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
      body: { username: email, password, userType: 'PERSONAL' },
    })
    const known = model.accounts.get(email)
    if (known) {
      // A taken address: 409, or the 201 of a new one where answers are alike (nothing changes).
      learnAccountAnswers(model, this.label, answer.status === 201 ? 'alike' : 'distinct')
      return model.accountAnswers === 'alike'
        ? expectAnswer(this.label, answer, 201)
        : expectAnswer(this.label, answer, 409, 'EMAIL_TAKEN')
    }
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

export class ResendActivation extends AccountStep {
  get label() {
    return `resendActivation(${this.email})`
  }
  async act(model: Model, real: Real) {
    const email = this.email
    const answer = await call(real, 'resendActivation', { body: { email } })
    expectAnswer(this.label, answer, 200)
    const account = model.accounts.get(email)
    if (account && !account.activated) issueLink(model, account.activations)
  }
}

export class Activate extends AccountStep {
  constructor(
    account: string,
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
    const answer = await call(real, 'activateAccount', { body: { token: String(activate) } })
    const verdict = linkVerdict(model, link, model.rules.activationLinkMs)
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

export class SignIn extends AccountStep {
  constructor(
    account: string,
    readonly right: boolean,
  ) {
    super(account)
  }
  get label() {
    return `signIn(${this.email}, ${this.right ? 'right' : 'wrong'} password)`
  }
  override check(model: Readonly<Model>) {
    return this.right || withinLock(model, this.email)
  }
  async act(model: Model, real: Real) {
    const email = this.email
    const account = model.accounts.get(email)
    const password = this.right && account ? account.password : WRONG_PASSWORD
    const answer = await call(real, 'signIn', { body: { email, password } })
    if (isLocked(model, email)) return expectAnswer(this.label, answer, 429, 'LOGIN_LOCKED')
    if (!account || !this.right) {
      recordFailure(model, email)
      return expectAnswer(this.label, answer, 401, 'INVALID_CREDENTIALS')
    }
    if (!account.activated) return expectNotActivated(model, this.label, email, answer)
    expectAnswer(this.label, answer, 200)
    model.locks.delete(email)
    const device: DeviceModel = {
      email,
      accessIssuedAt: model.now,
      revoked: false,
      refreshTokens: [],
    }
    issuePair(model, device)
    issuedOnRealClock(model, device, answer)
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

export class Refresh extends PresentsRefreshToken {
  readonly operation = 'refresh'
  async act(model: Model, real: Real) {
    const { device, tokens, token, presented } = this.presented(model, real)
    const answer = await call(real, 'refreshToken', { body: { refreshToken: presented } })
    if (refreshTokenExpired(model, token))
      return expectAnswer(this.label, answer, 401, 'REFRESH_TOKEN_INVALID')
    if (token.usedAt !== null) {
      // Reuse: "the whole session ... is revoked". A used token of a revoked session may answer
      // either code: the contract orders neither rule before the other.
      const revoked = device.revoked
      device.revoked = true
      return expectAnswer(
        this.label,
        answer,
        401,
        revoked ? ['REFRESH_TOKEN_REUSED', 'REFRESH_TOKEN_INVALID'] : 'REFRESH_TOKEN_REUSED',
      )
    }
    if (device.revoked) return expectAnswer(this.label, answer, 401, 'REFRESH_TOKEN_INVALID')
    expectAnswer(this.label, answer, 200)
    token.usedAt = model.now
    issuePair(model, device)
    issuedOnRealClock(model, device, answer)
    const pair = tokenPair(answer)
    tokens.access = pair.access
    tokens.refreshTokens.push(pair.refresh)
  }
}

export class SignOut extends PresentsRefreshToken {
  readonly operation = 'signOut'
  async act(model: Model, real: Real) {
    const { device, token, presented } = this.presented(model, real)
    const answer = await call(real, 'signOut', { body: { refreshToken: presented } })
    expectAnswer(this.label, answer, 204)
    // "With a body { refreshToken } the session that token belongs to is revoked"; "an unknown,
    // expired or already revoked refresh token also answers 204".
    if (!refreshTokenExpired(model, token)) device.revoked = true
  }
}

export class ReadProfile extends DeviceStep {
  get label() {
    return `getProfile(device ${this.device})`
  }
  async act(model: Model, real: Real) {
    const { device, token } = this.signedIn(model, real)
    const answer = await call(real, 'getProfile', { token })
    if (refusedAccess(this.label, model, device, answer)) return
    expectAnswer(this.label, answer, 200)
    expectEqual(
      `${this.label} e-mail`,
      isJsonObject(answer.json) ? answer.json.email : undefined,
      device.email,
    )
  }
}

export class ForgotPassword extends AccountStep {
  get label() {
    return `requestPasswordReset(${this.email})`
  }
  async act(model: Model, real: Real) {
    const email = this.email
    const answer = await call(real, 'requestPasswordReset', { body: { username: email } })
    const account = model.accounts.get(email)
    if (!account) return expectAnswer(this.label, answer, 401, 'USER_NOT_FOUND')
    expectAnswer(this.label, answer, 200)
    issueLink(model, account.resets)
  }
}

export class ResetPassword extends AccountStep {
  constructor(
    account: string,
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
      body: { username: String(user), hash: String(hash), password },
    })
    const verdict = linkVerdict(model, link, model.rules.resetLinkMs)
    if (verdict === 'used') return expectAnswer(this.label, answer, 400, 'RESET_LINK_USED')
    if (verdict === 'superseded') return expectAnswer(this.label, answer, 400, 'RESET_LINK_INVALID')
    if (verdict === 'expired') return expectAnswer(this.label, answer, 401, 'RESET_LINK_EXPIRED')
    expectAnswer(this.label, answer, 200)
    link.usedAt = model.now
    if (password !== account.password) account.previousPassword = account.password
    account.password = password
    account.activated = true
    model.locks.delete(email)
    // "every session of the account is revoked"
    for (const device of model.devices) if (device.email === email) device.revoked = true
  }
}

export class ChangePassword extends AccountStep {
  constructor(
    account: string,
    readonly right: boolean,
    readonly password: number,
  ) {
    super(account)
  }
  get label() {
    return `changePassword(${this.email}, ${this.right ? 'right' : 'wrong'} old password, ${PASSWORDS[this.password]})`
  }
  override check(model: Readonly<Model>) {
    return this.right || withinLock(model, this.email)
  }
  async act(model: Model, real: Real) {
    const email = this.email
    const account = model.accounts.get(email)
    const oldPassword = this.right && account ? account.password : WRONG_PASSWORD
    const newPassword = PASSWORDS[this.password] ?? ''
    real.passwordsSent?.set(email, [...(real.passwordsSent.get(email) ?? []), newPassword])
    const answer = await call(real, 'changePassword', {
      body: { username: email, oldPassword, newPassword },
    })
    if (isLocked(model, email)) return expectAnswer(this.label, answer, 429, 'LOGIN_LOCKED')
    if (!account || !this.right) {
      recordFailure(model, email)
      return expectAnswer(this.label, answer, 401, 'INVALID_CREDENTIALS')
    }
    if (!account.activated) return expectNotActivated(model, this.label, email, answer)
    // The right password resets the lock, even when the new one is then refused.
    model.locks.delete(email)
    if (newPassword === account.password)
      return expectAnswer(this.label, answer, 400, 'VALIDATION_FAILED')
    expectAnswer(this.label, answer, 200)
    account.previousPassword = account.password
    account.password = newPassword
  }
}

/**
 * A sign-in with the password an account had before its last change: refused as any wrong one
 * (401), and counted by the login lock as the server counts it, so that after `limit` of them
 * the right password too meets the lock's 429.
 */
export class SignInWithOldPassword extends AccountStep {
  get label() {
    return `signIn(${this.email}, old password)`
  }
  override check(model: Readonly<Model>) {
    return (
      model.accounts.get(this.email)?.previousPassword !== undefined &&
      withinLock(model, this.email)
    )
  }
  async act(model: Model, real: Real) {
    const email = this.email
    const password = model.accounts.get(email)?.previousPassword
    if (password === undefined) throw new Error(`${this.label}: no old password in the model`)
    const answer = await call(real, 'signIn', { body: { email, password } })
    if (isLocked(model, email)) return expectAnswer(this.label, answer, 429, 'LOGIN_LOCKED')
    recordFailure(model, email)
    expectAnswer(this.label, answer, 401, 'INVALID_CREDENTIALS')
  }
}
