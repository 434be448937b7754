import { type Contract, isJsonObject } from '@devenv/openapi'
import { rulesOf } from '../contract-rules'
import { type Answer, type Outgoing, outgoingOf, send, type Target } from '../http'
import type { Credentials } from './context'

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
 * The tokens of a sign-in or refresh answer. Without `token_valid_seconds` the lifetime is the
 * contract's (its x-lifetimes' accessToken); with neither, the run cannot know it and never
 * renews the token early.
 */
function tokensOf(
  answer: Answer,
  sentAt: number,
  contractSeconds: number | undefined,
): Tokens | undefined {
  if (answer.status !== 200 || !isJsonObject(answer.json)) return undefined
  const { access_token: access, refresh_token: refresh, token_valid_seconds: valid } = answer.json
  if (typeof access !== 'string') return undefined
  const seconds =
    typeof valid === 'number' && valid > 0 ? valid : (contractSeconds ?? Number.POSITIVE_INFINITY)
  return {
    access,
    refresh: typeof refresh === 'string' ? refresh : undefined,
    validSeconds: seconds,
    // Counted from when the sign-in was sent: the server's clock started no later than that.
    expiresAt: sentAt + seconds * 1000,
  }
}

/** The tokens a sign-in or a refresh answers, their expiry counted from when it was sent. */
async function tokensFrom(
  target: Target,
  request: Outgoing,
  clock: Clock,
): Promise<Tokens | undefined> {
  const sentAt = clock.now()
  return tokensOf(await send(target, request), sentAt, clock.accessSeconds)
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
    private readonly target: Target,
    private readonly contract: Contract,
    readonly credentials: Credentials,
    tokens: Tokens,
    private readonly clock: Clock,
  ) {
    this.#tokens = tokens
    this.#expiries.set(tokens.access, tokens.expiresAt)
  }

  /** Signs in; undefined when the account does not. */
  static async signIn(
    target: Target,
    credentials: Credentials,
    contract: Contract,
    now: () => number = Date.now,
  ): Promise<RunAccount | undefined> {
    const clock = { now, accessSeconds: rulesOf(contract).lifetimes?.accessToken }
    const signIn = outgoingOf(contract, 'signIn', { body: credentials })
    const tokens = await tokensFrom(target, signIn, clock)
    return tokens ? new RunAccount(target, contract, credentials, tokens, clock) : undefined
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
    return tokensFrom(this.target, this.#request('refreshToken', body), this.clock)
  }

  #signedInAgain(): Promise<Tokens | undefined> {
    return tokensFrom(this.target, this.#request('signIn', this.credentials), this.clock)
  }

  #request(operationId: string, body: unknown): Outgoing {
    return outgoingOf(this.contract, operationId, { body })
  }
}
