import type { Contract, Quota } from '@devenv/openapi'
import { lifetimesMsOf, lockOf, quotaOf } from '../../contract-rules'

/**
 * A small model of the stub's accounts, sessions and environments, written from the contract's
 * words and rules (not from the stub's code), which the stateful sequences compare the stub with
 * after every step. Times are the stub clock of the sequence's session, in milliseconds.
 */

export const SECOND = 1000
/**
 * How long a target on a development clock takes to provision an environment and to delete one:
 * on that clock the model predicts each status to the second, and the development protocol does
 * not report them, so these are the model's assumption (the stub's defaults too; whoever starts a
 * stub for the fuzzer starts it with these). Short, so sequences see environments settle. Not the
 * contract's bounds (x-lifecycle's withinSeconds), which a server may use in full.
 */
export const MODEL_PROVISION_SECONDS = 3
export const MODEL_DELETE_SECONDS = 2

/**
 * The contract's rules the model keeps, read from its data: lifetimes (x-lifetimes), sign-in's
 * lock (its x-rate-limits of `kind: lock`) and the environment quota (createEnvironment's x-quota).
 * A lifetime the contract does not state never ends; a lock or quota it does not state is none.
 */
export type ModelRules = {
  accessTokenMs: number
  refreshTokenMs: number
  activationLinkMs: number
  resetLinkMs: number
  lock: { failures: number; periodMs: number } | undefined
  quota: Quota | undefined
}

export function modelRulesOf(contract: Contract): ModelRules {
  const lifetimes = lifetimesMsOf(contract)
  const never = Number.POSITIVE_INFINITY
  const lock = lockOf(contract, 'signIn')
  return {
    accessTokenMs: lifetimes?.accessToken ?? never,
    refreshTokenMs: lifetimes?.refreshToken ?? never,
    activationLinkMs: lifetimes?.activationLink ?? never,
    resetLinkMs: lifetimes?.resetLink ?? never,
    lock: lock && { failures: lock.limit, periodMs: lock.periodSeconds * SECOND },
    quota: quotaOf(contract, 'createEnvironment'),
  }
}

/** An e-mailed link (activation or reset): single use, voided by a newer one, valid for a while. */
export type LinkModel = { issuedAt: number; usedAt: number | null; superseded: boolean }

export type AccountModel = {
  email: string
  password: string
  /** The password before the last change or reset: a wrong one now, counted by the lock. */
  previousPassword?: string
  activated: boolean
  /** Oldest first, as they were e-mailed. */
  activations: LinkModel[]
  resets: LinkModel[]
}

export type RefreshModel = { issuedAt: number; usedAt: number | null }

/** One sign-in: the session (token family) and its refresh tokens, the current one last. */
export type DeviceModel = {
  email: string
  /**
   * When the newest access token was issued. On the real clock: when its answer arrived (the
   * latest the target can have issued it), with `accessRequestedAt` the earliest.
   */
  accessIssuedAt: number
  accessRequestedAt?: number
  /** The newest access token's lifetime: the contract's default, or `token_valid_seconds` as answered. */
  accessValidMs?: number
  revoked: boolean
  refreshTokens: RefreshModel[]
}

export type EnvironmentModel = {
  id: string
  owner: string
  name: string
  createdAt: number
  deleteRequestedAt: number | null
  failing: boolean
  /** On the real clock: the status last seen, and whether a deletion was seen finished. */
  seen?: 'provisioning' | 'running' | 'failed'
  goneSeen?: boolean
}

export type LockModel = { attempts: number; lastFailureAt: number }

export type Model = {
  /**
   * `jumps`: the target's clock stands still but for the sequence's own jumps (the stub in test
   * mode), so every time is known. `real`: the target's clock runs; `now` is this machine's
   * clock at the step's start, and what depends on the target's timings is learnt by looking.
   */
  clock: 'jumps' | 'real'
  now: number
  rules: ModelRules
  accounts: Map<string, AccountModel>
  devices: DeviceModel[]
  environments: EnvironmentModel[]
  locks: Map<string, LockModel>
  /**
   * How the target answers a taken address (register's 409): `distinct` (409, and 403 for the
   * right password before activation) or `alike` (the same 201 as a new one, and a pending
   * registration's password refused with 401, counted by the lock). Learnt from the first answer
   * that shows it; every later one must agree.
   */
  accountAnswers?: 'distinct' | 'alike'
}

/** Learns how the target answers taken addresses, or throws when it answered otherwise before. */
export function learnAccountAnswers(
  model: Model,
  what: string,
  way: NonNullable<Model['accountAnswers']>,
): void {
  if (model.accountAnswers !== undefined && model.accountAnswers !== way) {
    throw new Error(
      `${what}: the server answered ${way === 'alike' ? 'alike for every address' : 'a taken address apart'} here, and ${model.accountAnswers === 'alike' ? 'alike for every address' : 'a taken address apart'} earlier in the sequence (register: one way or the other, on every call)`,
    )
  }
  model.accountAnswers = way
}

export function initialModel(
  now: number,
  seeded: ReadonlyArray<{ email: string; password: string }>,
  rules: ModelRules,
  clock: Model['clock'] = 'jumps',
): Model {
  return {
    clock,
    now,
    rules,
    accounts: new Map(
      seeded.map(({ email, password }) => [
        email,
        { email, password, activated: true, activations: [], resets: [] },
      ]),
    ),
    devices: [],
    environments: [],
    locks: new Map(),
  }
}

// The login lock, from the contract: "after `limit` failed attempts ... 429 until `periodSeconds`
// after the last failed attempt. Attempts during the lock ... do not extend it ... failures older
// than the period are forgotten."
export function isLocked(model: Model, email: string): boolean {
  const rule = model.rules.lock
  return rule !== undefined && failuresCounted(model, email) >= rule.failures
}

/** The failures the lock counts for an address now: none once the period since the last passed. */
function failuresCounted(model: Model, email: string): number {
  const rule = model.rules.lock
  const lock = model.locks.get(email)
  return rule && lock && model.now < lock.lastFailureAt + rule.periodMs ? lock.attempts : 0
}

export function recordFailure(model: Model, email: string): void {
  if (!model.rules.lock || isLocked(model, email)) return
  model.locks.set(email, { attempts: failuresCounted(model, email) + 1, lastFailureAt: model.now })
}

/**
 * Whether one more failure would close the login lock (or it is closed): a request of the run's
 * own housekeeping that may fail is then not sent, since it would lock the account for a period.
 */
export function lockClosesOnNextFailure(model: Model, email: string): boolean {
  const rule = model.rules.lock
  return rule !== undefined && failuresCounted(model, email) + 1 >= rule.failures
}

/** A new link voids the earlier unused ones of the same kind. */
export function issueLink(model: Model, links: LinkModel[]): void {
  for (const link of links) if (link.usedAt === null) link.superseded = true
  links.push({ issuedAt: model.now, usedAt: null, superseded: false })
}

export type LinkVerdict = 'used' | 'superseded' | 'expired' | 'valid'

export function linkVerdict(model: Model, link: LinkModel, validMs: number): LinkVerdict {
  if (link.usedAt !== null) return 'used'
  if (link.superseded) return 'superseded'
  if (model.now >= link.issuedAt + validMs) return 'expired'
  return 'valid'
}

/**
 * An expired refresh token is as good as unknown, whenever the server forgets it: the contract
 * names them together ("an unknown, expired or revoked refresh token answers 401"), and sign-out
 * with one revokes nothing.
 */
export function refreshTokenExpired(model: Model, token: RefreshModel): boolean {
  return model.now >= token.issuedAt + model.rules.refreshTokenMs
}

export function issuePair(model: Model, device: DeviceModel): void {
  device.accessIssuedAt = model.now
  device.refreshTokens.push({ issuedAt: model.now, usedAt: null })
}

/** What a device's newest access token gets from a protected call. */
export function accessVerdict(model: Model, device: DeviceModel): 'expired' | 'revoked' | 'valid' {
  if (model.now >= device.accessIssuedAt + (device.accessValidMs ?? model.rules.accessTokenMs))
    return 'expired'
  if (device.revoked) return 'revoked'
  return 'valid'
}

export function isGone(model: Model, environment: EnvironmentModel, deleteMs: number): boolean {
  if (model.clock === 'real') return environment.goneSeen === true
  return (
    environment.deleteRequestedAt !== null && model.now >= environment.deleteRequestedAt + deleteMs
  )
}

export function statusOf(
  model: Model,
  environment: EnvironmentModel,
  provisionMs: number,
): 'deleting' | 'provisioning' | 'failed' | 'running' {
  if (environment.deleteRequestedAt !== null) return 'deleting'
  if (model.now < environment.createdAt + provisionMs) return 'provisioning'
  return environment.failing ? 'failed' : 'running'
}

/**
 * On the real clock, the statuses an environment may answer, from what was seen of it: a
 * deletion asked for shows `deleting`; otherwise provisioning may have ended, once, either way.
 */
export function possibleStatuses(environment: EnvironmentModel): string[] {
  if (environment.deleteRequestedAt !== null) return ['deleting']
  if (environment.seen === 'running' || environment.seen === 'failed') return [environment.seen]
  return ['provisioning', 'running', 'failed']
}

/** On the real clock, learns a status the target answered (one of `possibleStatuses`). */
export function seeStatus(environment: EnvironmentModel, status: unknown): void {
  if (status === 'provisioning' || status === 'running' || status === 'failed')
    environment.seen = status
}

/** The account's environments the stub still lists, newest first. */
export function listedEnvironments(
  model: Model,
  email: string,
  deleteMs: number,
): EnvironmentModel[] {
  return model.environments
    .filter((each) => each.owner === email && !isGone(model, each, deleteMs))
    .sort((a, b) => b.createdAt - a.createdAt || a.id.localeCompare(b.id))
}
