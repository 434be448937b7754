import {
  isLoginLocked,
  loginLockRemainingMs,
  type PasswordCheckOutcome,
  presumedLoginLock,
  resetLoginLock,
  settlePasswordCheck,
} from '@devenv/domain/login-lock'
import {
  type CommonPasswordList,
  commonPasswordRuleError,
  type NewPasswordRule,
  newPasswordRuleError,
} from '@devenv/domain/password'
import type { CoreAnswer } from '../answer'
import type { StubContext } from '../context'
import { ApiError, retryAfterHeader, validationError } from '../contract/errors'
import { API_MESSAGES } from '../contract/messages'
import type { DefineOperation, OperationRequest } from '../contract/operations'
import { sentence } from '../contract/validation'
import { sendActivationMail, sendRegistrationAttemptMail, sendResetMail } from '../dev/mailbox'
import { toBase64Url, toHex } from '../platform/bytes'
import type { CoreRequest } from '../request'
import { digest } from '../security/tokens'
import type { Account, LinkToken } from '../state/records'
import { revokeSessionsOf, rotateRefreshToken, signOutWith, startSession } from '../state/sessions'
import type { StubStore } from '../state/store'

const LINK_TOKEN_BYTES = 32

/** Who waits in a line of the hashing turns: the client's address, within its stub session. */
function hashingClient(request: CoreRequest): string {
  return `${request.store.id} ${request.ip}`
}

/**
 * Sign-in's checks in the contract's order: the login lock first (no password is checked while
 * locked, and the lock is not extended), then the password, then activation. Each check reserves
 * its attempt before the slow hash, so at most 5 passwords are checked per lock window however
 * many requests arrive at once. Every path spends one scrypt (unknown addresses waste one), in
 * the client's turn.
 */
async function checkCredentials(
  ctx: StubContext,
  request: OperationRequest<'signIn' | 'legacySignIn' | 'changePassword'>,
  email: string,
  password: string,
): Promise<Account> {
  const { store } = request
  const lock = ctx.rules.loginLock
  const presumed = presumedLoginLock(
    store.loginLockOf(email),
    store.passwordChecksOf(email),
    store.now(),
    lock,
  )
  if (isLoginLocked(presumed, store.now(), lock)) {
    throw new ApiError(
      429,
      'LOGIN_LOCKED',
      API_MESSAGES.locked,
      undefined,
      retryAfterHeader(loginLockRemainingMs(presumed, store.now(), lock)),
    )
  }
  const check = store.beginPasswordCheck(email)
  let outcome: PasswordCheckOutcome = 'failure'
  try {
    const account = store.findAccountByEmail(email)
    const matches = await ctx.hashing.run(hashingClient(request), async () => {
      if (account) return ctx.passwords.verify(password, account.passwordHash)
      await ctx.passwords.waste(password)
      return false
    })
    if (account && matches) outcome = account.activated ? 'success' : 'matched'
    // Under uniform answers a registration is pending until its link is opened, and its password
    // is refused like a wrong one, lock count included: a 403 (or a lock that never comes) would
    // tell an address registered a moment ago from one that was taken.
    if (outcome === 'matched' && ctx.config.uniformAccountAnswers) outcome = 'failure'
    if (!account || outcome === 'failure') {
      throw new ApiError(401, 'INVALID_CREDENTIALS', API_MESSAGES.invalidCredentials)
    }
    if (!account.activated)
      throw new ApiError(403, 'ACCOUNT_NOT_ACTIVATED', API_MESSAGES.notActivated)
    return account
  } finally {
    // Read again after the await: the checks that ended meanwhile have changed the lock.
    const settled = settlePasswordCheck(store.loginLockOf(email), outcome, store.now(), lock)
    store.setLoginLock(email, settled)
    check.end()
  }
}

let commonPasswords: Promise<CommonPasswordList> | undefined
// Loaded on the first new password, so that the browser stub's bundle does not carry the list.
const loadCommonPasswords = () =>
  (commonPasswords ??= import('@devenv/domain/common-passwords').then(
    (module) => module.COMMON_PASSWORDS,
  ))

/**
 * The password rule of where it is chosen, then the common-password rule (both packages/domain),
 * as the contract's 400 on `field`.
 */
async function checkNewPassword(
  ctx: StubContext,
  password: string,
  rule: NewPasswordRule,
  field: string,
): Promise<void> {
  const policy = ctx.rules.passwordPolicies[rule]
  const problem =
    newPasswordRuleError(password, rule, policy) ??
    (policy.refuseCommon ? commonPasswordRuleError(password, await loadCommonPasswords()) : null)
  if (problem) throw validationError({ [field]: sentence(problem) })
}

function newLinkToken(
  store: StubStore,
  tokens: Map<string, LinkToken>,
  account: Account,
  secret: string,
  validMs: number,
): void {
  const now = store.now()
  // A newer link voids the older ones of the same account.
  for (const token of tokens.values()) {
    if (token.accountId === account.id && token.usedAt === null && token.supersededAt === null) {
      token.supersededAt = now
    }
  }
  const key = digest(secret)
  tokens.set(key, {
    digest: key,
    accountId: account.id,
    expiresAt: now + validMs,
    usedAt: null,
    supersededAt: null,
  })
}

function sendActivation(ctx: StubContext, store: StubStore, account: Account): void {
  const token = toBase64Url(store.randomBytes(LINK_TOKEN_BYTES))
  newLinkToken(store, store.activations, account, token, ctx.rules.lifetimes.activationLink * 1000)
  sendActivationMail(ctx, store, account, token)
}

async function signIn(
  ctx: StubContext,
  request: OperationRequest<'signIn' | 'legacySignIn'>,
): Promise<CoreAnswer<'signIn'>> {
  const { email, password } = request.body
  const account = await checkCredentials(ctx, request, email, password)
  return { status: 200, json: await startSession(request.store, ctx.tokens, account) }
}

async function refresh(
  ctx: StubContext,
  request: OperationRequest<'refreshToken' | 'legacyRefreshToken'>,
): Promise<CoreAnswer<'refreshToken'>> {
  const { refreshToken } = request.body
  const outcome = await rotateRefreshToken(request.store, ctx.tokens, refreshToken)
  if (outcome.ok) return { status: 200, json: outcome.pair }
  const message =
    outcome.code === 'REFRESH_TOKEN_REUSED'
      ? API_MESSAGES.refreshReused
      : API_MESSAGES.refreshFailed
  throw new ApiError(401, outcome.code, message)
}

export function authOperations(ctx: StubContext, define: DefineOperation) {
  define('signIn', 'POST /auth/auth')((request) => signIn(ctx, request))
  define('legacySignIn', 'POST /auth/login')((request) => signIn(ctx, request))
  define('refreshToken', 'POST /auth/token/refresh')((request) => refresh(ctx, request))
  define('legacyRefreshToken', 'POST /auth/refresh')((request) => refresh(ctx, request))

  define(
    'register',
    'POST /auth/registration',
  )(async (request) => {
    const { body } = request
    const store = request.store
    await checkNewPassword(ctx, body.password, 'registration', 'password')
    const email = body.username.trim().toLowerCase()
    const registered = {
      status: 201 as const,
      json: { message: API_MESSAGES.registered, username: email },
    }
    // With uniform answers a taken address answers as a new one (the hash spent alike) and its
    // owner is told by mail; otherwise 409 (AUTH-8).
    const taken = async (owner: Account) => {
      if (!ctx.config.uniformAccountAnswers)
        throw new ApiError(409, 'EMAIL_TAKEN', API_MESSAGES.emailTaken)
      sendRegistrationAttemptMail(ctx, store, owner)
      return registered
    }
    const known = store.findAccountByEmail(email)
    if (known && !ctx.config.uniformAccountAnswers) return taken(known)
    const passwordHash = await ctx.passwords.hash(body.password)
    // Checked again: another registration of the address may have finished during the hashing.
    const owner = store.findAccountByEmail(email)
    if (owner) return taken(owner)
    const company = body.company?.trim() ?? ''
    const account: Account = {
      id: store.newId(),
      email,
      passwordHash,
      firstName: body.firstName?.trim() ?? '',
      lastName: body.lastName?.trim() ?? '',
      company: company === '' ? null : company,
      userType: body.userType,
      roles: [],
      demo: false,
      activated: false,
      createdAt: store.now(),
    }
    store.accounts.set(account.id, account)
    sendActivation(ctx, store, account)
    return registered
  })

  define(
    'activateAccount',
    'POST /auth/activate',
  )(async (request) => {
    const { token } = request.body
    const store = request.store
    const record = store.activations.get(digest(token))
    const account = record ? store.accounts.get(record.accountId) : undefined
    if (!record || !account)
      throw new ApiError(400, 'ACTIVATION_TOKEN_INVALID', API_MESSAGES.activationInvalid)
    if (record.usedAt !== null)
      throw new ApiError(400, 'ACTIVATION_TOKEN_USED', API_MESSAGES.activationUsed)
    if (record.supersededAt !== null)
      throw new ApiError(400, 'ACTIVATION_TOKEN_INVALID', API_MESSAGES.activationInvalid)
    if (record.expiresAt <= store.now())
      throw new ApiError(400, 'ACTIVATION_TOKEN_EXPIRED', API_MESSAGES.activationExpired)
    record.usedAt = store.now()
    account.activated = true
    return { status: 200, json: { message: API_MESSAGES.activated } }
  })

  define(
    'resendActivation',
    'POST /auth/activate/resend',
  )(async (request) => {
    const { email } = request.body
    const account = request.store.findAccountByEmail(email)
    // The same answer either way, so addresses cannot be probed.
    if (account && !account.activated) sendActivation(ctx, request.store, account)
    return { status: 200, json: { message: API_MESSAGES.resendAccepted } }
  })

  define(
    'signOut',
    'POST /auth/logout',
  )(async (request) => {
    const { body } = request
    if (body?.refreshToken) signOutWith(request.store, body.refreshToken)
    return { status: 204 }
  })

  define(
    'changePassword',
    'POST /auth/change-password',
  )(async (request) => {
    const { username, oldPassword, newPassword } = request.body
    // Before the old password: a refused new one costs no attempt of the login lock.
    await checkNewPassword(ctx, newPassword, 'change', 'newPassword')
    const account = await checkCredentials(ctx, request, username, oldPassword)
    if (newPassword === oldPassword) {
      throw validationError({ newPassword: 'The new password must differ from the old one' })
    }
    account.passwordHash = await ctx.passwords.hash(newPassword)
    return { status: 200, json: { message: API_MESSAGES.passwordChanged } }
  })

  define(
    'requestPasswordReset',
    'POST /auth/reset-password',
  )(async (request) => {
    const { username } = request.body
    const store = request.store
    const account = store.findAccountByEmail(username)
    if (!account) {
      if (ctx.config.uniformAccountAnswers)
        return { status: 200, json: { message: API_MESSAGES.resetSent } }
      throw new ApiError(401, 'USER_NOT_FOUND', API_MESSAGES.userNotFound)
    }
    const hash = toHex(store.randomBytes(LINK_TOKEN_BYTES))
    newLinkToken(store, store.resetLinks, account, hash, ctx.rules.lifetimes.resetLink * 1000)
    sendResetMail(ctx, store, account, hash)
    return { status: 200, json: { message: API_MESSAGES.resetSent } }
  })

  define(
    'setPassword',
    'POST /auth/set-password',
  )(async (request) => {
    const { username, hash, password } = request.body
    // Before the link: a refused password does not use it up.
    await checkNewPassword(ctx, password, 'reset', 'password')
    const store = request.store
    const account = store.findAccountByEmail(username)
    const record = store.resetLinks.get(digest(hash.toLowerCase()))
    if (!account || !record || record.accountId !== account.id) {
      throw new ApiError(400, 'RESET_LINK_INVALID', API_MESSAGES.resetInvalid)
    }
    if (record.usedAt !== null) throw new ApiError(400, 'RESET_LINK_USED', API_MESSAGES.resetUsed)
    if (record.supersededAt !== null)
      throw new ApiError(400, 'RESET_LINK_INVALID', API_MESSAGES.resetInvalid)
    if (record.expiresAt <= store.now())
      throw new ApiError(401, 'RESET_LINK_EXPIRED', API_MESSAGES.resetExpired)
    // Used up before the slow hashing, so two concurrent uses cannot both succeed.
    record.usedAt = store.now()
    account.passwordHash = await ctx.passwords.hash(password)
    account.activated = true
    revokeSessionsOf(store, account.id)
    store.setLoginLock(account.email, resetLoginLock())
    return { status: 200, json: { status: true, message: API_MESSAGES.passwordSet } }
  })

  define(
    'legacyVerifyToken',
    'GET /auth/verify',
  )(async (request) => {
    const claims = request.claims
    if (!claims) throw new ApiError(401, 'UNAUTHORIZED', API_MESSAGES.authenticationRequired)
    const { sub, email, username, name, roles, demo } = claims
    return {
      status: 200,
      json: { valid: true, user: { id: sub, email, username, name, roles, demo } },
    }
  })
}
