import { randomBytes } from 'node:crypto'
import { isJsonObject } from '@devenv/openapi'
import type { Credentials } from '@devenv/openapi/dev-protocol'
import { signedIn, signIn, signOut, tokensOf } from '../accounts'
import type { Answer } from '../http'
import {
  type AccountState,
  type Principal,
  pairOf,
  type SetupCall,
  type SetupCallFor,
  World,
  WorldSetupError,
  type WorldSource,
} from './world'

/** Operations whose failed password checks count towards an address's login lock. */
export const LOCK_OPERATIONS: Readonly<Record<string, 'email' | 'username'>> = {
  signIn: 'email',
  legacySignIn: 'email',
  changePassword: 'username',
}

/**
 * Failures a run lets pile up on a given account before a right sign-in resets the count: the
 * lock takes 5, so two runs sharing the account at once stay clear of it together.
 */
export const LOCK_HEADROOM = 2

const sameAddress = (a: unknown, b: string) =>
  typeof a === 'string' && a.trim().toLowerCase() === b.toLowerCase()

/** The editable fields of a profile answer that an update can put back (both names set), if any. */
export function restorableProfile(json: unknown): Record<string, unknown> | undefined {
  const { firstName, lastName, company } = isJsonObject(json) ? json : {}
  // An account registered without names has none an update could put back.
  if (![firstName, lastName].every((name) => typeof name === 'string' && name.trim() !== ''))
    return undefined
  return { firstName, lastName, ...(company ? { company } : {}) }
}

/** What every world of a run through the API shares. */
export type ApiWorldSetting = {
  accounts: Record<Principal, Credentials>
  /** A deleted environment of the user's that the target answers 404 for, when the run has one. */
  freed: string | undefined
  /** How long a create may wait for room under the quota (another run's clean-up). */
  waitMs: number
  /** The accounts' profiles as the run found them, to put back after a generated update. */
  profiles: Partial<Record<Principal, Record<string, unknown>>>
  /** Accounts the run registered itself: a password change is sent, and put back afterwards. */
  own: boolean
}

/**
 * A world through the API alone, as any server allows: the given accounts, environments under
 * names of this world only, the run's freed environment (see `freedEnvironment`). The accounts
 * may be shared with other runs, so it keeps them clear of the login lock, puts a changed profile
 * back at once, withholds a lasting password change, and undoes the rest in `cleanUp`.
 */
export class ApiWorld extends World {
  readonly session = undefined

  private constructor(private readonly setting: ApiWorldSetting) {
    super(setting.accounts)
  }

  /** The real clock: a server without controls has no other. */
  now(): number {
    return Date.now()
  }

  /** `names`: the start of this world's environment names (unique to the run and the batch). */
  static async create(setting: ApiWorldSetting, names: string, call: SetupCall): Promise<ApiWorld> {
    const world = new ApiWorld(setting)
    await world.openSessions(call)
    for (const principal of ['user', 'demo'] as const)
      world.accounts[principal].originalProfile = setting.profiles[principal]
    // No clock to jump. The freed environment is the run's (deleted and seen gone once); the
    // others are this world's own, named so no other run or batch has them; a create may wait
    // for another run's clean-up to free the room under the account's quota.
    const foreign = await world.createEnvironment(call, 'demo', `${names}-foreign`, setting.waitMs)
    world.environments.push({ id: foreign, owner: 'demo', state: 'live' })
    const live = await world.createEnvironment(call, 'user', `${names}-live`, setting.waitMs)
    world.environments.push({ id: live, owner: 'user', state: 'live' })
    const deleting = await world.createEnvironment(
      call,
      'user',
      `${names}-deleting`,
      setting.waitMs,
    )
    world.environments.push({ id: deleting, owner: 'user', state: 'live' })
    await world.deleteEnvironment(call, 'user', deleting)
    const state = world.environments.at(-1)
    if (state) state.state = 'deleting'
    if (setting.freed !== undefined)
      world.environments.push({ id: setting.freed, owner: 'user', state: 'freed' })
    return world
  }

  /**
   * Leaves the accounts as the world found them. Each signs in afresh (its world session may be
   * revoked by now), deletes the environments this world created, puts back a password or
   * profile that changed, and signs out every session the world opened.
   */
  override async cleanUp(call: SetupCall): Promise<void> {
    for (const principal of ['user', 'demo'] as const) {
      const account = this.accounts[principal]
      const pair = pairOf(await signIn(call, account), `the clean-up sign-in of ${principal}`)
      const token = pair.access
      account.lockFailures = 0
      for (const environment of this.environments) {
        if (environment.owner !== principal || environment.state !== 'live') continue
        await call('deleteEnvironment', { params: { id: environment.id }, token })
        environment.state = 'deleting'
      }
      await this.putProfileBack(principal, call, token)
      if (account.password !== account.originalPassword) {
        const restored = await call('changePassword', {
          body: {
            username: account.email,
            oldPassword: account.password,
            newPassword: account.originalPassword,
          },
        })
        if (restored.status !== 200)
          throw new WorldSetupError(
            `clean-up: the password of ${account.email} could not be put back (${restored.status} ${restored.text}); it is now ${JSON.stringify(account.password)}`,
          )
        account.password = account.originalPassword
      }
      for (const refreshToken of [pair.refresh, account.refresh, ...account.opened])
        await signOut(call, refreshToken)
      account.opened = []
    }
  }

  /** Another run reading a shared account's profile must see it as it was. */
  override async undoSharedChange(
    principal: Principal | undefined,
    call: SetupCall,
  ): Promise<void> {
    if (principal) await this.putProfileBack(principal, call, this.accounts[principal].access)
  }

  private async putProfileBack(principal: Principal, call: SetupCall, token: string) {
    const account = this.accounts[principal]
    if (!account.profileChanged || !account.originalProfile) return
    await call('updateProfile', { token, body: account.originalProfile })
    account.profileChanged = false
  }

  /** A right sign-in of a given account: it resets the count of the login lock (signIn's description). */
  override async keepClearOfLock(
    operationId: string,
    body: unknown,
    call: SetupCall,
  ): Promise<void> {
    const account = this.lockedAccountOf(operationId, body)
    if (!account || account.lockFailures < LOCK_HEADROOM) return
    const answer = await signIn(call, account)
    const opened = tokensOf(answer)?.refresh
    if (opened === undefined)
      throw new WorldSetupError(
        `the sign-in of ${account.email} that resets its login lock answered ${answer.status} ${answer.text}`,
      )
    account.opened.push(opened)
    account.lockFailures = 0
  }

  /** The given account whose address a lock-counted request names, if any. */
  private lockedAccountOf(operationId: string, body: unknown): AccountState | undefined {
    const field = LOCK_OPERATIONS[operationId]
    if (!field || !isJsonObject(body)) return undefined
    return Object.values(this.accounts).find((account) => sameAddress(body[field], account.email))
  }

  /**
   * A request that would change a given account's password for good (its right old password and
   * an acceptable new one): other runs sharing the account would stop signing in.
   */
  override withholds(operationId: string, body: unknown): boolean {
    if (this.setting.own || operationId !== 'changePassword' || !isJsonObject(body)) return false
    const account = this.lockedAccountOf(operationId, body)
    return (
      account !== undefined &&
      body.oldPassword === account.password &&
      typeof body.newPassword === 'string' &&
      body.newPassword !== body.oldPassword
    )
  }

  /** Also counts a failed password check, so the run keeps well inside the lock. */
  override observe(
    operationId: string,
    body: unknown,
    principal: Principal | undefined,
    answer: Answer,
  ): void {
    const lockCounted = this.lockedAccountOf(operationId, body)
    if (lockCounted) {
      lockCounted.lockFailures = answer.status === 200 ? 0 : lockCounted.lockFailures + 1
      const opened = isJsonObject(answer.json) ? answer.json.refresh_token : undefined
      if (answer.status === 200 && typeof opened === 'string') lockCounted.opened.push(opened)
    }
    super.observe(operationId, body, principal, answer)
  }
}

/**
 * The run's freed environment: one of the user's, created, deleted and polled until the target
 * answers 404 for it (within `waitMs`). Nothing a batch does can change a deleted environment,
 * so every batch shares it. Undefined when it was not gone in time.
 */
async function freedEnvironment(
  call: SetupCall,
  accounts: Record<Principal, Credentials>,
  tag: string,
  waitMs: number,
): Promise<string | undefined> {
  return signedIn(
    call,
    accounts.user,
    async (token) => {
      const created = await call('createEnvironment', {
        token,
        body: { name: `${tag}-freed`, template: 'node-20', size: 'starter', region: 'eu-central' },
      })
      const id = isJsonObject(created.json) ? created.json.id : undefined
      if (created.status !== 201 || typeof id !== 'string')
        throw new WorldSetupError(
          `creating ${tag}-freed answered ${created.status} ${created.text}`,
        )
      await call('deleteEnvironment', { params: { id }, token })
      const deadline = performance.now() + waitMs
      let pause = 100
      while (performance.now() < deadline) {
        const seen = await call('getEnvironment', { params: { id }, token })
        if (seen.status === 404) return id
        await new Promise((resolve) => setTimeout(resolve, pause))
        pause = Math.min(pause * 2, 2_000)
      }
      return undefined
    },
    // Without the sign-in the target will not give the state the run needs.
    (answer) =>
      new WorldSetupError(
        `the sign-in of ${accounts.user.email} answered ${answer.status} ${answer.text}`,
      ),
  )
}

/** Each account's profile as the run begins: what a generated update is undone to. */
async function profilesFound(
  call: SetupCall,
  accounts: Record<Principal, Credentials>,
): Promise<Partial<Record<Principal, Record<string, unknown>>>> {
  const profiles: Partial<Record<Principal, Record<string, unknown>>> = {}
  for (const principal of ['user', 'demo'] as const) {
    profiles[principal] = await signedIn(call, accounts[principal], async (token) =>
      restorableProfile((await call('getProfile', { token })).json),
    )
  }
  return profiles
}

/**
 * Worlds through the API alone, over the given accounts. First the run's own state: its freed
 * environment and the profiles to put back; `notes` says what it could not build.
 */
export async function apiWorlds(options: {
  accounts: Record<Principal, Credentials>
  waitMs: number
  own: boolean
  /** The set-up call of the run (no stub session), counted in the run's tally. */
  call: SetupCall
  /** Names a world's environments uniquely in the run: the number after its last `-`. */
  nextSession: () => string
}): Promise<{ worlds: WorldSource; notes: string[] }> {
  const { accounts, waitMs, call } = options
  // Names no other run has: environment names start with a letter, 40 characters at most.
  const tag = `fz${randomBytes(4).toString('hex')}`
  const notes: string[] = []
  const freed = await freedEnvironment(call, accounts, tag, waitMs)
  if (freed === undefined)
    notes.push(
      `a deleted environment was still not gone after ${waitMs / 1000} s: requests for a freed environment name an unknown id instead`,
    )
  const setting: ApiWorldSetting = {
    accounts,
    freed,
    waitMs,
    profiles: await profilesFound(call, accounts),
    own: options.own,
  }
  const worlds: WorldSource = {
    async next(callFor: SetupCallFor) {
      const session = options.nextSession()
      const names = `${tag}-${session.slice(session.lastIndexOf('-') + 1)}`
      const worldCall = callFor(undefined)
      return { world: await ApiWorld.create(setting, names, worldCall), call: worldCall }
    },
    // In a sign-in of its own.
    async modelsOffered(callFor): Promise<Answer> {
      const own = callFor(undefined)
      return signedIn(own, accounts.user, (token) => own('listModels', { token }))
    },
  }
  return { worlds, notes }
}
