import { isJsonObject } from '@devenv/openapi'
import { type Credentials, DEMO_ACCOUNT, USER_ACCOUNT } from '@devenv/openapi/dev-protocol'
import { decodeJwt } from 'jose'
import { type CallOperation, signIn, signOut, tokensOf } from '../accounts'
import type { Answer } from '../http'

/** The two accounts every world signs in: the one under test, and another one. */
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

/** What a world needs to talk to the target: one checked call of an operation per setup step. */
export type SetupCall = CallOperation<Answer>

/** The set-up call of a world whose requests carry this stub session (none through the API). */
export type SetupCallFor = (session: string | undefined) => SetupCall

/**
 * Where a run's worlds come from: a stub session each (`stub-world.ts`) or the API alone
 * (`api-world.ts`). The property-based run asks it for worlds and never asks which it is.
 */
export type WorldSource = {
  /** A fresh world for the next batch, and the call its requests and clean-up go through. */
  next(callFor: SetupCallFor): Promise<{ world: World; call: SetupCall }>
  /** listModels as the user: "an unknown model" is one this does not answer. */
  modelsOffered(callFor: SetupCallFor): Promise<Answer>
}

/**
 * The target would not give the fuzzer the state it needs (an account that does not sign in, a
 * quota already full): the run cannot go on, and the CLI says why in one line.
 */
export class WorldSetupError extends Error {
  override name = 'WorldSetupError'
}

/**
 * A given account's password refused (401, 403): the user's input to fix (`--email`,
 * `--password`), so the CLI ends with a usage error. Any other answer the set-up meets is the
 * server's, and makes the part it stopped a skipped one.
 */
export class GivenAccountRefused extends WorldSetupError {
  override name = 'GivenAccountRefused'
}

/** The tokens of a sign-in or refresh the world needs: both, or the run cannot go on. */
export const pairOf = (answer: Answer, what: string) => {
  const tokens = tokensOf(answer)
  if (tokens?.refresh === undefined)
    throw new WorldSetupError(`world setup: ${what} answered ${answer.status} ${answer.text}`)
  return { access: tokens.access, refresh: tokens.refresh }
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
 * The state one batch of generated requests runs against: the two accounts signed in, a
 * signed-out session, a rotated refresh token, and environments that are live, being deleted,
 * deleted for good, or another account's. It follows what the requests change (a sign-out, a
 * rotation, a reuse, a new or deleted environment), so the checks always know which tokens and
 * ids are still usable. How the state is made and undone is the subclass's: `StubWorld` or
 * `ApiWorld`; the defaults here are a world that is thrown away whole.
 */
export abstract class World {
  readonly accounts: Record<Principal, AccountState>
  readonly environments: EnvironmentState[] = []
  revokedAccess = ''
  revokedRefresh = ''

  /** The stub session the world's requests carry, or undefined when it lives through the API alone. */
  abstract readonly session: string | undefined

  /** The target's clock for this world. */
  abstract now(): number

  protected constructor(given: Record<Principal, Credentials>) {
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

  /** Whether the run must not send this request: it would change what outlives the world. */
  withholds(_operationId: string, _body: unknown): boolean {
    return false
  }

  /** Before a request that counts towards a login lock: keeps the account clear of the lock. */
  async keepClearOfLock(_operationId: string, _body: unknown, _call: SetupCall): Promise<void> {}

  /** After a request as `principal`: undoes at once what others sharing the account would see. */
  async undoSharedChange(_principal: Principal | undefined, _call: SetupCall): Promise<void> {}

  /** After the batch: leaves the target as the world found it. */
  async cleanUp(_call: SetupCall): Promise<void> {}

  /**
   * What every world begins with: both accounts signed in, a second session of the user signed
   * out (its tokens must never work again), and one rotation (the user holds a used refresh token).
   */
  protected async openSessions(call: SetupCall): Promise<void> {
    const signedIn = async (principal: Principal) =>
      pairOf(await signIn(call, this.accounts[principal]), `sign-in of ${principal}`)
    for (const principal of ['user', 'demo'] as const) {
      const pair = await signedIn(principal)
      const account = this.accounts[principal]
      account.access = pair.access
      account.refresh = pair.refresh
      account.id = String(decodeJwt(pair.access).sub)
    }
    const spare = await signedIn('user')
    const out = await signOut(call, spare.refresh)
    if (out.status !== 204)
      throw new WorldSetupError(`world setup: sign-out answered ${out.status}`)
    this.revokedAccess = spare.access
    this.revokedRefresh = spare.refresh
    const user = this.accounts.user
    const rotated = pairOf(
      await call('refreshToken', { body: { refreshToken: user.refresh } }),
      'refresh',
    )
    user.used.push(user.refresh)
    user.access = rotated.access
    user.refresh = rotated.refresh
  }

  /** Creates an environment, waiting up to `waitMs` while the account's quota is full. */
  protected async createEnvironment(
    call: SetupCall,
    principal: Principal,
    name: string,
    waitMs = 0,
  ): Promise<string> {
    const request = {
      token: this.accounts[principal].access,
      body: { name, template: 'node-20', size: 'starter', region: 'eu-central' },
    }
    let answer = await call('createEnvironment', request)
    const deadline = performance.now() + waitMs
    for (let pause = 200; isQuotaFull(answer) && performance.now() < deadline; pause *= 2) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(pause, 2_000)))
      answer = await call('createEnvironment', request)
    }
    return idOf(answer, `creating ${name}`)
  }

  protected async deleteEnvironment(
    call: SetupCall,
    principal: Principal,
    id: string,
  ): Promise<void> {
    const answer = await call('deleteEnvironment', {
      params: { id },
      token: this.accounts[principal].access,
    })
    if (answer.status !== 202)
      throw new WorldSetupError(`world setup: deleting ${id} answered ${answer.status}`)
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
