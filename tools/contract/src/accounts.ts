import { type Contract, isJsonObject } from '@devenv/openapi'
import type { Credentials } from '@devenv/openapi/dev-protocol'
import { type OperationCall, operationRequest, type Placement, type Transport } from './http'
import { type Mailbox, type WaitOptions, waitForLink } from './mailbox'
import { printable } from './report/printable'

/**
 * Signing in and out and registering accounts, once for check, fuzz and the CLI: each sends an
 * operation's call its own way (over a transport, or as a step it judges and records), and the
 * requests themselves are made here.
 */

/** What an account's requests read of an answer: the same in check's and fuzz's answers. */
export type AccountAnswer = { status: number; json: unknown; text: string }

/**
 * Sends the call of an operation, by operationId, and answers what the target said (a caller
 * that judges the step may answer undefined for a step that failed).
 */
export type CallOperation<A = AccountAnswer> = (
  operationId: string,
  call: OperationCall,
) => Promise<A>

/**
 * A transport as the accounts' way to call an operation: under check's target's API path and in
 * its session, or under the contract's first prefix.
 */
export function callOver(
  contract: Contract,
  reach: Partial<Placement> & { transport: Transport },
): CallOperation {
  return (operationId, call) =>
    reach.transport.send(operationRequest(contract, operationId, call, reach))
}

/** Signs an account in with its address and password. */
export const signIn = <A>(call: CallOperation<A>, { email, password }: Credentials): Promise<A> =>
  call('signIn', { body: { email, password } })

/** Signs out the session a refresh token belongs to. */
export const signOut = <A>(call: CallOperation<A>, refreshToken: unknown): Promise<A> =>
  call('signOut', { body: { refreshToken } })

/** The tokens of a sign-in or refresh answer; undefined unless it is a 200 with an access token. */
export type SignedIn = {
  access: string
  refresh: string | undefined
  /** `token_valid_seconds`, when the answer says it. */
  validSeconds: number | undefined
}

export function tokensOf(answer: AccountAnswer): SignedIn | undefined {
  if (answer.status !== 200 || !isJsonObject(answer.json)) return undefined
  const { access_token: access, refresh_token: refresh, token_valid_seconds: valid } = answer.json
  if (typeof access !== 'string') return undefined
  return {
    access,
    refresh: typeof refresh === 'string' ? refresh : undefined,
    validSeconds: typeof valid === 'number' && valid > 0 ? valid : undefined,
  }
}

/** The server's own words in an answer (its message or code, else its text), cut for one line. */
export function reasonOf(answer: AccountAnswer): string {
  const body = isJsonObject(answer.json) ? answer.json : {}
  return printable(String(body.message ?? body.code ?? answer.text)).slice(0, 200)
}

/**
 * Signs `credentials` in, runs `use` with the access token, and signs out whatever happens.
 * `refused` turns a sign-in that gives no token into the caller's error; without it, `use` gets
 * whatever token there was (none: the request it sends is judged as an unsigned one).
 */
export async function signedIn<T>(
  call: CallOperation,
  credentials: Credentials,
  use: (token: string) => Promise<T>,
  refused?: (answer: AccountAnswer) => Error,
): Promise<T> {
  const answer = await signIn(call, credentials)
  const tokens = isJsonObject(answer.json) ? answer.json : {}
  if (refused && !tokensOf(answer)) throw refused(answer)
  try {
    return await use(String(tokens.access_token))
  } finally {
    await signOut(call, tokens.refresh_token)
  }
}

/**
 * Signs each given account in, and out again, before a run spends the target's rate-limit windows
 * on it. Answers the first one the target `refuses` (by the sign-in's status), in words, if any.
 */
export async function refusedAccount(
  call: CallOperation,
  accounts: ReadonlyArray<Credentials | undefined>,
  refuses: (status: number) => boolean,
): Promise<string | undefined> {
  for (const account of accounts) {
    if (!account) continue
    const answer = await signIn(call, account)
    if (refuses(answer.status))
      return `the account ${account.email} does not sign in: ${answer.status} ${reasonOf(answer)}`.trimEnd()
    const refresh = tokensOf(answer)?.refresh
    if (refresh !== undefined) await signOut(call, refresh)
  }
  return undefined
}

/** register's request for an ordinary (personal) account. */
export function registration(username: string, password: string) {
  return { body: { username, password, userType: 'PERSONAL' } }
}

/**
 * The steps of a registration as the caller sends and judges them: check records each as a check
 * of its run's set-up, fuzz ends the run at the first that fails.
 */
export type RegistrationSteps = {
  /** Sends the call; the answer when its status is `status`, else undefined (the step says why). */
  expect: (
    operationId: string,
    call: Pick<OperationCall, 'body'>,
    status: number,
  ) => Promise<AccountAnswer | undefined>
  /** Whether the activation mail to `email` came: false when it did not (the step says so). */
  mailed: (email: string, arrived: boolean) => boolean
}

/**
 * An account registered under `credentials` and activated by the link its mail carries, read from
 * `mailbox`; undefined when a step failed.
 */
export async function registerThroughMailbox(
  steps: RegistrationSteps,
  mailbox: Mailbox,
  credentials: Credentials,
  wait: WaitOptions = {},
): Promise<Credentials | undefined> {
  const { email, password } = credentials
  if (!(await steps.expect('register', registration(email, password), 201))) return undefined
  const token = (await waitForLink(mailbox, email, 'activate', wait))?.activate
  if (!steps.mailed(email, token !== undefined)) return undefined
  const activated = await steps.expect('activateAccount', { body: { token } }, 200)
  return activated ? credentials : undefined
}
