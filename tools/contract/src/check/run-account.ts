import { type Contract, isJsonObject, schemaAtPointer } from '@devenv/openapi'
import { type AccountAnswer, type CallOperation, callOver, signIn, tokensOf } from '../accounts'
import { rulesOf } from '../contract-rules'
import type { Target } from '../http'
import type { Credentials } from './context'

/** Why a protected operation's check is skipped when the run has no account signed in. */
export const NO_ACCOUNT =
  'needs a signed-in account: pass --email/--password (or CONTRACT_EMAIL/CONTRACT_PASSWORD)'

/**
 * How long before its expiry a token is renewed: half its lifetime, at most 10 s. A request sent
 * with it (a 1 MiB body on a slow link) must reach the server while the token is still valid.
 */
const renewalMarginMs = (validSeconds: number) => Math.min(10_000, (validSeconds * 1000) / 2)

type Tokens = {
  access: string
  refresh: string | undefined
  validSeconds: number
  expiresAt: number
}

/**
 * The tokens a sign-in or a refresh answers, their expiry counted from when it was sent: the
 * server's clock started no later than that. Without `token_valid_seconds` the lifetime is the
 * contract's (its x-lifetimes' accessToken); with neither, the run cannot know it and never
 * renews the token early.
 */
async function tokensFrom(
  asked: () => Promise<AccountAnswer>,
  clock: Clock,
): Promise<Tokens | undefined> {
  const sentAt = clock.now()
  const tokens = tokensOf(await asked())
  if (!tokens) return undefined
  const seconds = tokens.validSeconds ?? clock.accessSeconds ?? Number.POSITIVE_INFINITY
  return { ...tokens, validSeconds: seconds, expiresAt: sentAt + seconds * 1000 }
}

/** The run's clock, and the contract's access-token lifetime (seconds) when it states one. */
type Clock = { now: () => number; accessSeconds: number | undefined }

/**
 * The run's own sign-in for the operation checks, kept valid for the whole run. A server with
 * short-lived tokens (20 s, as the README advises for proving expiry) would otherwise judge a late
 * check's expired token before its body, and rightly answer 401 where the check asked for 413.
 * Each token is renewed before it expires: refreshed, or signed in again when the refresh fails.
 */
export class RunAccount {
  #tokens: Tokens
  /** Every token this run was given, and when each expires: a 401 to one past it is the run's. */
  readonly #expiries = new Map<string, number>()

  private constructor(
    private readonly call: CallOperation,
    readonly credentials: Credentials,
    tokens: Tokens,
    private readonly clock: Clock,
  ) {
    this.#tokens = tokens
    this.#expiries.set(tokens.access, tokens.expiresAt)
  }

  /**
   * The account's profile as updateProfile would write it, read now, and the way to put it back:
   * the operation checks send updateProfile's documented examples, which change a given account's
   * names and remove its company. Undefined when the contract has no such pair or the read fails.
   * Putting back answers what went wrong, or undefined.
   */
  async keepProfile(contract: Contract): Promise<(() => Promise<string | undefined>) | undefined> {
    const update = contract.byId.get('updateProfile')
    if (!contract.byId.has('getProfile') || !update?.bodySchemaPointer) return undefined
    const { schema } = schemaAtPointer(contract.document, update.bodySchemaPointer)
    const editable = isJsonObject(schema.properties) ? Object.keys(schema.properties) : []
    const read = await this.call('getProfile', { token: await this.token() })
    if (read.status !== 200 || !isJsonObject(read.json)) return undefined
    const profile = read.json
    // A field the profile does not show (an absent company) is left out: absent removes it.
    const body = Object.fromEntries(
      editable.flatMap((name) =>
        profile[name] === undefined || profile[name] === null ? [] : [[name, profile[name]]],
      ),
    )
    return async () => {
      const put = await this.call('updateProfile', { token: await this.token(), body })
      return put.status === 200 ? undefined : `updateProfile answered ${put.status}`
    }
  }

  /** Signs in; undefined when the account does not. */
  static async signIn(
    target: Target,
    credentials: Credentials,
    contract: Contract,
    now: () => number = Date.now,
  ): Promise<RunAccount | undefined> {
    const clock = { now, accessSeconds: rulesOf(contract).lifetimes?.accessToken }
    const call = callOver(contract, target)
    const tokens = await tokensFrom(() => signIn(call, credentials), clock)
    return tokens ? new RunAccount(call, credentials, tokens, clock) : undefined
  }

  /** A token with time left for a request: the current one, or a renewed one. */
  async token(): Promise<string> {
    const leftMs = this.#tokens.expiresAt - this.clock.now()
    if (leftMs > renewalMarginMs(this.#tokens.validSeconds)) return this.#tokens.access
    const renewed = (await this.#refreshed()) ?? (await this.#signedInAgain())
    // A server that will not renew keeps the old token: its checks then show what it answers.
    if (renewed) {
      this.#tokens = renewed
      this.#expiries.set(renewed.access, renewed.expiresAt)
    }
    return this.#tokens.access
  }

  /** True when the run knows `token` had expired by now: a 401 to it is not the server's fault. */
  expired(token: string | undefined): boolean {
    const expiresAt = token === undefined ? undefined : this.#expiries.get(token)
    return expiresAt !== undefined && this.clock.now() >= expiresAt
  }

  async #refreshed(): Promise<Tokens | undefined> {
    if (this.#tokens.refresh === undefined) return undefined
    const body = { refreshToken: this.#tokens.refresh }
    return tokensFrom(() => this.call('refreshToken', { body }), this.clock)
  }

  #signedInAgain(): Promise<Tokens | undefined> {
    return tokensFrom(() => signIn(this.call, this.credentials), this.clock)
  }
}
