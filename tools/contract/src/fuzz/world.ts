import { isJsonObject } from '@devenv/openapi'
import { type Credentials, SEEDED_ACCOUNTS } from '@devenv/stub-api/dev-client'
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
  'user.email': SEEDED_ACCOUNTS.user.email,
  'demo.email': SEEDED_ACCOUNTS.demo.email,
  'user.password': SEEDED_ACCOUNTS.user.password,
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
  id: string
  access: string
  refresh: string
  /** Rotated away: presenting one again is reuse, which revokes the main session. */
  used: string[]
  /** True once the main session is revoked (sign-out, reuse detected, password reset). */
  revoked: boolean
}

export type EnvironmentState = {
  id: string
  owner: Principal
  state: 'live' | 'deleting' | 'freed'
}

/** What the world needs to talk to the stub: one checked call per setup step. */
export type SetupCall = (
  operationId: string,
  request: { method: string; path: string; body?: unknown; token?: string },
) => Promise<Answer>

const SEEDED: Record<Principal, Credentials> = SEEDED_ACCOUNTS

const pairOf = (answer: Answer, what: string): TokenPair => {
  const body = answer.json
  if (
    answer.status !== 200 ||
    !isJsonObject(body) ||
    typeof body.access_token !== 'string' ||
    typeof body.refresh_token !== 'string'
  ) {
    throw new Error(`world setup: ${what} answered ${answer.status} ${answer.text}`)
  }
  return { access_token: body.access_token, refresh_token: body.refresh_token }
}

const idOf = (answer: Answer, what: string): string => {
  if (!isJsonObject(answer.json) || typeof answer.json.id !== 'string' || answer.status >= 300) {
    throw new Error(`world setup: ${what} answered ${answer.status} ${answer.text}`)
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

  private constructor(
    readonly session: string,
    /** The target's clock when the session began (the fuzz stub's is fixed). */
    readonly clockStart: number,
  ) {
    const blank = (principal: Principal): AccountState => ({
      ...SEEDED[principal],
      id: '',
      access: '',
      refresh: '',
      used: [],
      revoked: false,
    })
    this.accounts = { user: blank('user'), demo: blank('demo') }
  }

  static async create(
    session: string,
    call: SetupCall,
    clockStart = FUZZ_CLOCK_START,
  ): Promise<World> {
    const world = new World(session, clockStart)
    const signIn = async (principal: Principal) => {
      const { email, password } = world.accounts[principal]
      return pairOf(
        await call('signIn', { method: 'POST', path: '/auth/auth', body: { email, password } }),
        `sign-in of ${principal}`,
      )
    }
    const create = async (principal: Principal, name: string) =>
      idOf(
        await call('createEnvironment', {
          method: 'POST',
          path: '/environments',
          token: world.accounts[principal].access,
          body: { name, template: 'node-20', size: 'starter', region: 'eu-central' },
        }),
        `creating ${name}`,
      )
    const remove = async (principal: Principal, id: string) => {
      const answer = await call('deleteEnvironment', {
        method: 'DELETE',
        path: `/environments/${id}`,
        token: world.accounts[principal].access,
      })
      if (answer.status !== 202)
        throw new Error(`world setup: deleting ${id} answered ${answer.status}`)
    }

    for (const principal of ['user', 'demo'] as const) {
      const pair = await signIn(principal)
      const account = world.accounts[principal]
      account.access = pair.access_token
      account.refresh = pair.refresh_token
      account.id = String(decodeJwt(pair.access_token).sub)
    }
    // A second session of the user, signed out: its tokens must never work again.
    const spare = await signIn('user')
    const out = await call('signOut', {
      method: 'POST',
      path: '/auth/logout',
      body: { refreshToken: spare.refresh_token },
    })
    if (out.status !== 204) throw new Error(`world setup: sign-out answered ${out.status}`)
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

    const freed = await create('user', 'fuzz-freed')
    await remove('user', freed)
    const foreign = await create('demo', 'fuzz-foreign')
    // Past deletion and provisioning, by the stub clock of this session only.
    const advance = (PROVISION_SECONDS + DELETE_SECONDS) * 2
    const clock = await call('', {
      method: 'POST',
      path: '/__dev/clock',
      body: { advanceSeconds: advance },
    })
    if (clock.status !== 200) throw new Error(`world setup: the clock answered ${clock.status}`)
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

  /** The stub clock of this world's session. */
  now(): number {
    return this.clockStart + this.clockOffsetMs
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
