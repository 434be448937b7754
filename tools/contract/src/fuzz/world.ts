import { isJsonObject } from '@devenv/openapi'
import {
  type Credentials,
  DEMO_ACCOUNT,
  DEV_PATHS,
  USER_ACCOUNT,
} from '@devenv/openapi/dev-protocol'
import { decodeJwt } from 'jose'
import { type Answer, DELETE_SECONDS, FUZZ_CLOCK_START, PROVISION_SECONDS } from './transport'

/** The two seeded accounts every world signs in: the one under test, and another one. */
export type Principal = 'user' | 'demo'

/** Values of the run's state that generated bodies can name, by the component schema they fit. */
export const WORLD_SOURCES: Readonly<Record<string, readonly string[]>> = {
  Email: ['user.email', 'demo.email'],
  SignInPassword: ['user.password'],
  NewPassword: ['user.password'],
  RefreshToken: ['user.refresh', 'user.usedRefresh', 'user.revokedRefresh', 'demo.refresh'],
}

/** Stand-ins of the same shape, for checking generators without a stub. */
export const SAMPLE_WORLD_VALUES: Readonly<Record<string, string>> = {
  'user.email': USER_ACCOUNT.email,
  'demo.email': DEMO_ACCOUNT.email,
  'user.password': USER_ACCOUNT.password,
  'user.refresh': 'cqvseoubkveDsNjd8MGCOMZI_l1S4Fuxd0mmA-KsO0drNaAL',
  'user.usedRefresh': 'D8vjQkTdsAVhaMtgTCLR4LASOeOzMokjT-d-2DSsyJ0zpBr7',
  'user.revokedRefresh': 'Xc0tqH1Cq2W-6bPZpQh2yKk3vT4C1n7oRb5x2D9eLq8',
  'demo.refresh': 'n5rWq3vYpL0s8Kx2Dk4HfJ7aT1bC6eG9iM2oQ5uR8wZ',
}

type TokenPair = { access_token: string; refresh_token: string }

/** One signed-in account of the world: its main session and the tokens the run has seen. */
export type AccountState = {
  email: string
  password: string
  /** The password the account had when the world began: what `cleanUp` puts back. */
  originalPassword: string
  /** The profile's editable fields as the world found them (through the API), to put back. */
  originalProfile?: Record<string, unknown>
  profileChanged?: boolean
  /** Failed password checks since the last right one, by what this world sent (through the API). */
  lockFailures: number
  id: string
  access: string
  refresh: string
  /** Rotated away: presenting one again is reuse, which revokes the main session. */
  used: string[]
  /** True once the main session is revoked (sign-out, reuse detected, password reset). */
  revoked: boolean
  /** Refresh tokens of other sessions the batch's requests opened: signed out by `cleanUp`. */
  opened: string[]
}

export type EnvironmentState = {
  id: string
  owner: Principal
  state: 'live' | 'deleting' | 'freed'
}

/**
 * How a world gets its state. `session`: in a stub session of its own (`X-Stub-Session`), the
 * seeded accounts, the freed environment made by a jump of that session's clock. `api`: through
 * the API alone, as any server allows: the given accounts, environments under names of this
 * world only, the run's freed environment (see `freedEnvironment`), all undone by `cleanUp`.
 */
export type WorldSetting =
  | { kind: 'session'; session: string; clockStart: number }
  | {
      kind: 'api'
      accounts: Record<Principal, Credentials>
      /** The start of this world's environment names (unique to the run and the batch). */
      names: string
      /** A deleted environment of the user's that the target answers 404 for, when the run has one. */
      freed: string | undefined
      /** How long a create may wait for room under the quota (another run's clean-up). */
      waitMs: number
      /** The accounts' profiles as the run found them, to put back after a generated update. */
      profiles: Partial<Record<Principal, Record<string, unknown>>>
      /** Accounts the run registered itself: a password change is sent, and put back afterwards. */
      own?: boolean
    }

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

/** What the world needs to talk to the stub: one checked call per setup step. */
export type SetupCall = (
  operationId: string,
  request: { method: string; path: string; body?: unknown; token?: string },
) => Promise<Answer>

const SEEDED: Record<Principal, Credentials> = { demo: DEMO_ACCOUNT, user: USER_ACCOUNT }

/**
 * The target would not give the fuzzer the state it needs (an account that does not sign in, a
 * quota already full): the run cannot go on, and the CLI says why in one line.
 */
export class WorldSetupError extends Error {
  override name = 'WorldSetupError'
}

const pairOf = (answer: Answer, what: string): TokenPair => {
  const body = answer.json
  if (
    answer.status !== 200 ||
    !isJsonObject(body) ||
    typeof body.access_token !== 'string' ||
    typeof body.refresh_token !== 'string'
  ) {
    throw new WorldSetupError(`world setup: ${what} answered ${answer.status} ${answer.text}`)
  }
  return { access_token: body.access_token, refresh_token: body.refresh_token }
}

/** The editable fields of a profile answer that an update can put back (both names set), if any. */
export function restorableProfile(json: unknown): Record<string, unknown> | undefined {
  const { firstName, lastName, company } = isJsonObject(json) ? json : {}
  // An account registered without names has none an update could put back.
  if (![firstName, lastName].every((name) => typeof name === 'string' && name.trim() !== ''))
    return undefined
  return { firstName, lastName, ...(company ? { company } : {}) }
}

const isQuotaFull = (answer: Answer) =>
  answer.status === 403 &&
  isJsonObject(answer.json) &&
  answer.json.code === 'ENVIRONMENT_QUOTA_EXCEEDED'

const idOf = (answer: Answer, what: string): string => {
  if (!isJsonObject(answer.json) || typeof answer.json.id !== 'string' || answer.status >= 300) {
    throw new WorldSetupError(`world setup: ${what} answered ${answer.status} ${answer.text}`)
  }
  return answer.json.id
}

/**
 * The state one batch of generated requests runs against, in its own stub session: the two
 * seeded accounts signed in, a signed-out session, a rotated refresh token, and environments that
 * are live, being deleted, deleted for good, or another account's. It follows what the requests
 * change (a sign-out, a rotation, a reuse, a new or deleted environment), so the checks always
 * know which tokens and ids are still usable.
 */
export class World {
  readonly accounts: Record<Principal, AccountState>
  readonly environments: EnvironmentState[] = []
  revokedAccess = ''
  revokedRefresh = ''
  clockOffsetMs = 0

  private constructor(readonly setting: WorldSetting) {
    const given = setting.kind === 'api' ? setting.accounts : SEEDED
    const blank = (principal: Principal): AccountState => ({
      ...given[principal],
      originalPassword: given[principal].password,
      lockFailures: 0,
      id: '',
      access: '',
      refresh: '',
      used: [],
      revoked: false,
      opened: [],
    })
    this.accounts = { user: blank('user'), demo: blank('demo') }
  }

  /** The stub session of the world, or undefined when it lives through the API alone. */
  get session(): string | undefined {
    return this.setting.kind === 'session' ? this.setting.session : undefined
  }

  /** The target's clock when the world began (the fuzz stub's is fixed). */
  get clockStart(): number {
    return this.setting.kind === 'session' ? this.setting.clockStart : Date.now()
  }

  static async create(setting: WorldSetting | string, call: SetupCall): Promise<World> {
    const world = new World(
      typeof setting === 'string'
        ? { kind: 'session', session: setting, clockStart: FUZZ_CLOCK_START }
        : setting,
    )
    const signIn = async (principal: Principal) => {
      const { email, password } = world.accounts[principal]
      return pairOf(
        await call('signIn', { method: 'POST', path: '/auth/auth', body: { email, password } }),
        `sign-in of ${principal}`,
      )
    }
    const create = async (principal: Principal, name: string) => {
      const request = {
        method: 'POST',
        path: '/environments',
        token: world.accounts[principal].access,
        body: { name, template: 'node-20', size: 'starter', region: 'eu-central' },
      }
      let answer = await call('createEnvironment', request)
      // Through the API the quota is the account's: another run sharing it may hold the room
      // for a moment, until its batch is cleaned up.
      const deadline = performance.now() + (world.setting.kind === 'api' ? world.setting.waitMs : 0)
      for (let pause = 200; isQuotaFull(answer) && performance.now() < deadline; pause *= 2) {
        await new Promise((resolve) => setTimeout(resolve, Math.min(pause, 2_000)))
        answer = await call('createEnvironment', request)
      }
      return idOf(answer, `creating ${name}`)
    }
    const remove = async (principal: Principal, id: string) => {
      const answer = await call('deleteEnvironment', {
        method: 'DELETE',
        path: `/environments/${id}`,
        token: world.accounts[principal].access,
      })
      if (answer.status !== 202)
        throw new WorldSetupError(`world setup: deleting ${id} answered ${answer.status}`)
    }

    for (const principal of ['user', 'demo'] as const) {
      const pair = await signIn(principal)
      const account = world.accounts[principal]
      account.access = pair.access_token
      account.refresh = pair.refresh_token
      account.id = String(decodeJwt(pair.access_token).sub)
      if (world.setting.kind === 'api') account.originalProfile = world.setting.profiles[principal]
    }
    // A second session of the user, signed out: its tokens must never work again.
    const spare = await signIn('user')
    const out = await call('signOut', {
      method: 'POST',
      path: '/auth/logout',
      body: { refreshToken: spare.refresh_token },
    })
    if (out.status !== 204)
      throw new WorldSetupError(`world setup: sign-out answered ${out.status}`)
    world.revokedAccess = spare.access_token
    world.revokedRefresh = spare.refresh_token
    // One rotation, so the user holds a used refresh token.
    const user = world.accounts.user
    const rotated = pairOf(
      await call('refreshToken', {
        method: 'POST',
        path: '/auth/token/refresh',
        body: { refreshToken: user.refresh },
      }),
      'refresh',
    )
    user.used.push(user.refresh)
    user.access = rotated.access_token
    user.refresh = rotated.refresh_token

    if (world.setting.kind === 'session') {
      const freed = await create('user', 'fuzz-freed')
      await remove('user', freed)
      const foreign = await create('demo', 'fuzz-foreign')
      // Past deletion and provisioning, by the stub clock of this session only.
      const advance = (PROVISION_SECONDS + DELETE_SECONDS) * 2
      const clock = await call('', {
        method: 'POST',
        path: DEV_PATHS.clock,
        body: { advanceSeconds: advance },
      })
      if (clock.status !== 200)
        throw new WorldSetupError(`world setup: the clock answered ${clock.status}`)
      world.clockOffsetMs += advance * 1000
      const live = await create('user', 'fuzz-live')
      const deleting = await create('user', 'fuzz-deleting')
      await remove('user', deleting)
      world.environments.push(
        { id: live, owner: 'user', state: 'live' },
        { id: deleting, owner: 'user', state: 'deleting' },
        { id: freed, owner: 'user', state: 'freed' },
        { id: foreign, owner: 'demo', state: 'live' },
      )
      return world
    }
    // Through the API: no clock to jump. The freed environment is the run's (deleted and seen
    // gone once); the others are this world's own, named so no other run or batch has them.
    const names = world.setting.names
    const foreign = await create('demo', `${names}-foreign`)
    world.environments.push({ id: foreign, owner: 'demo', state: 'live' })
    const live = await create('user', `${names}-live`)
    world.environments.push({ id: live, owner: 'user', state: 'live' })
    const deleting = await create('user', `${names}-deleting`)
    world.environments.push({ id: deleting, owner: 'user', state: 'live' })
    await remove('user', deleting)
    const state = world.environments.at(-1)
    if (state) state.state = 'deleting'
    if (world.setting.freed !== undefined)
      world.environments.push({ id: world.setting.freed, owner: 'user', state: 'freed' })
    return world
  }

  /**
   * Through the API: leaves the accounts as the world found them. Each signs in afresh (its
   * world session may be revoked by now), deletes the environments this world created, puts
   * back a password or profile that changed, and signs out every session the world opened.
   */
  async cleanUp(call: SetupCall): Promise<void> {
    if (this.setting.kind !== 'api') return
    for (const principal of ['user', 'demo'] as const) {
      const account = this.accounts[principal]
      const answer = await call('signIn', {
        method: 'POST',
        path: '/auth/auth',
        body: { email: account.email, password: account.password },
      })
      const pair = pairOf(answer, `the clean-up sign-in of ${principal}`)
      const token = pair.access_token
      account.lockFailures = 0
      for (const environment of this.environments) {
        if (environment.owner !== principal || environment.state !== 'live') continue
        await call('deleteEnvironment', {
          method: 'DELETE',
          path: `/environments/${environment.id}`,
          token,
        })
        environment.state = 'deleting'
      }
      await this.putProfileBack(principal, call, token)
      if (account.password !== account.originalPassword) {
        const restored = await call('changePassword', {
          method: 'POST',
          path: '/auth/change-password',
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
      for (const refreshToken of [pair.refresh_token, account.refresh, ...account.opened])
        await call('signOut', { method: 'POST', path: '/auth/logout', body: { refreshToken } })
      account.opened = []
    }
  }

  /**
   * Through the API, right after a generated update changed a shared account's profile: put
   * back at once, so another run reading it sees the profile as it was.
   */
  async putProfileBack(principal: Principal, call: SetupCall, token: string): Promise<void> {
    const account = this.accounts[principal]
    if (!account.profileChanged || !account.originalProfile) return
    await call('updateProfile', {
      method: 'PUT',
      path: '/user/profile',
      token,
      body: account.originalProfile,
    })
    account.profileChanged = false
  }

  /** Through the API: the given account whose address a lock-counted request names, if any. */
  lockedAccountOf(operationId: string, body: unknown): AccountState | undefined {
    const field = LOCK_OPERATIONS[operationId]
    if (this.setting.kind !== 'api' || !field || !isJsonObject(body)) return undefined
    return Object.values(this.accounts).find((account) => sameAddress(body[field], account.email))
  }

  /**
   * Through the API, a request that would change a given account's password for good (its right
   * old password and an acceptable new one): other runs sharing the account would stop signing
   * in, so the run withholds it.
   */
  wouldChangePassword(operationId: string, body: unknown): boolean {
    if (
      this.setting.kind !== 'api' ||
      this.setting.own ||
      operationId !== 'changePassword' ||
      !isJsonObject(body)
    )
      return false
    const account = this.lockedAccountOf(operationId, body)
    return (
      account !== undefined &&
      body.oldPassword === account.password &&
      typeof body.newPassword === 'string' &&
      body.newPassword !== body.oldPassword
    )
  }

  /** The target's clock for this world: its stub session's, or the real one. */
  now(): number {
    return this.setting.kind === 'session'
      ? this.setting.clockStart + this.clockOffsetMs
      : Date.now()
  }

  /** The current value of a handle (`user.refresh`), as the run's state holds it now. */
  resolve(handle: string): string {
    const [who, what] = handle.split('.') as [Principal, string]
    const account = this.accounts[who]
    switch (what) {
      case 'email':
        return account.email
      case 'password':
        return account.password
      case 'refresh':
        return account.refresh
      case 'usedRefresh':
        return account.used[0] ?? account.refresh
      case 'revokedRefresh':
        return this.revokedRefresh
      default:
        throw new Error(`Unknown world handle ${handle}`)
    }
  }

  /** Refresh tokens that must never be exchanged again: used, signed out, or of a revoked session. */
  isFreedRefreshToken(token: string): boolean {
    if (token === this.revokedRefresh) return true
    return Object.values(this.accounts).some(
      (account) => account.used.includes(token) || (account.revoked && token === account.refresh),
    )
  }

  /** Whose session a refresh token belongs to, if it is one the world knows. */
  private ownerOfRefresh(token: string): AccountState | undefined {
    return Object.values(this.accounts).find(
      (account) => account.refresh === token || account.used.includes(token),
    )
  }

  environmentsOf(principal: Principal, state: EnvironmentState['state']): EnvironmentState[] {
    return this.environments.filter((each) => each.owner === principal && each.state === state)
  }

  /** Follows what an answered request changed. */
  observe(
    operationId: string,
    body: unknown,
    principal: Principal | undefined,
    answer: Answer,
  ): void {
    const fields = isJsonObject(body) ? body : {}
    const refreshToken = typeof fields.refreshToken === 'string' ? fields.refreshToken : undefined
    const lockCounted = this.lockedAccountOf(operationId, body)
    if (lockCounted) {
      // Counted as a failure unless it succeeded: the run keeps well inside the lock.
      lockCounted.lockFailures = answer.status === 200 ? 0 : lockCounted.lockFailures + 1
      const opened = isJsonObject(answer.json) ? answer.json.refresh_token : undefined
      if (answer.status === 200 && typeof opened === 'string') lockCounted.opened.push(opened)
    }
    switch (operationId) {
      case 'signOut': {
        const owner = refreshToken === undefined ? undefined : this.ownerOfRefresh(refreshToken)
        if (answer.status === 204 && owner) owner.revoked = true
        break
      }
      case 'refreshToken':
      case 'legacyRefreshToken': {
        const owner = refreshToken === undefined ? undefined : this.ownerOfRefresh(refreshToken)
        if (!owner || refreshToken === undefined) break
        if (answer.status === 200 && isJsonObject(answer.json)) {
          owner.used.push(refreshToken)
          owner.access = String(answer.json.access_token)
          owner.refresh = String(answer.json.refresh_token)
        } else if (isJsonObject(answer.json) && answer.json.code === 'REFRESH_TOKEN_REUSED') {
          owner.revoked = true
        }
        break
      }
      case 'changePassword': {
        const account = Object.values(this.accounts).find(
          (each) =>
            typeof fields.username === 'string' &&
            each.email === fields.username.trim().toLowerCase(),
        )
        if (answer.status === 200 && account && typeof fields.newPassword === 'string')
          account.password = fields.newPassword
        break
      }
      case 'updateProfile': {
        const account = principal === undefined ? undefined : this.accounts[principal]
        if (account && answer.status === 200) account.profileChanged = true
        break
      }
      case 'createEnvironment':
        if (
          answer.status === 201 &&
          principal &&
          isJsonObject(answer.json) &&
          typeof answer.json.id === 'string'
        ) {
          this.environments.push({ id: answer.json.id, owner: principal, state: 'live' })
        }
        break
      case 'deleteEnvironment':
        if (answer.status === 202 && isJsonObject(answer.json)) {
          const id = String(answer.json.id)
          const environment = this.environments.find((each) => each.id === id)
          if (environment && environment.state === 'live') environment.state = 'deleting'
        }
        break
      default:
        break
    }
  }
}
