import { type Contract, isJsonObject } from '@devenv/openapi'
import { USER_ACCOUNT } from '@devenv/stub-api/dev-client'
import type fc from 'fast-check'
import { type Exchange, judge } from '../checks'
import type { Tally } from '../tally'
import {
  type Answer,
  DELETE_SECONDS,
  devClientOf,
  type FuzzTransport,
  PROVISION_SECONDS,
} from '../transport'
import { accessVerdict, listedEnvironments, type Model, SECOND, statusOf } from './model'

/** The accounts a sequence plays with: the seeded user and two that it may register. */
export const ACCOUNTS = [
  USER_ACCOUNT.email,
  'nino.beridze@example.com',
  'giorgi@kartulisoft.example',
] as const
export const SEEDED = [{ ...USER_ACCOUNT }]
export const PASSWORDS = [USER_ACCOUNT.password, 'Tbilisi-Sunrise-2025', 'Kartuli#Soft9'] as const
export const WRONG_PASSWORD = 'Wrong-Password-1'
export const NAMES = [
  'checkout-api',
  'billing-core',
  'ml-notebooks',
  'docs-site',
  'search',
  'fail-legacy',
] as const
/** Clock jumps: a second, past provisioning, a minute, past the access token, the reset link, the activation link, the refresh token. */
export const JUMPS = [1, PROVISION_SECONDS, 61, 901, 3601, 86_401, 7 * 86_400 + 1] as const
export const PROVISION_MS = PROVISION_SECONDS * SECOND
export const DELETE_MS = DELETE_SECONDS * SECOND
/** Devices whose tokens are checked after every step (the newest ones). */
export const CHECKED_DEVICES = 6

export type RealDevice = { access: string; refreshTokens: string[] }

/** The stub side of a sequence: its stub session, and the real tokens behind the model's devices. */
export type Real = {
  stub: FuzzTransport
  contract: Contract
  tally: Tally
  session: string
  devices: RealDevice[]
  /** Steps run so far, over every sequence. */
  counts: { steps: number }
}

type Call = { method: string; path: string; body?: unknown; token?: string }

/** Sends one request of a sequence, checks the answer against the contract, counts it. */
export async function call(real: Real, operationId: string, request: Call): Promise<Answer> {
  const headers: Record<string, string> = { 'x-stub-session': real.session }
  if (request.body !== undefined) headers['content-type'] = 'application/json'
  if (request.token !== undefined) headers.authorization = `Bearer ${request.token}`
  const url = request.path.startsWith('/__dev') ? request.path : `/api${request.path}`
  const answer = await real.stub.send({
    method: request.method,
    url,
    headers,
    ...(request.body !== undefined ? { payload: Buffer.from(JSON.stringify(request.body)) } : {}),
  })
  if (operationId !== '') {
    const exchange: Exchange = {
      operationId,
      request: {
        method: request.method,
        url,
        headers,
        body: JSON.stringify(request.body) ?? '(none)',
      },
      answer,
      input: 'unclassified',
      auth: 'public',
      ruleFields: [],
    }
    const verdicts = judge(real.contract, exchange)
    real.tally.record('stateful', exchange, verdicts)
    const failed = verdicts.find((verdict) => verdict.problem !== undefined)
    if (failed) throw new Error(`${failed.check}: ${failed.problem}`)
  }
  return answer
}

export const codeOf = (answer: Answer) => (isJsonObject(answer.json) ? answer.json.code : undefined)

/** Fails the sequence unless the stub answered what the model expects. */
export function expectAnswer(what: string, answer: Answer, status: number, code?: string): void {
  if (answer.status !== status || (code !== undefined && codeOf(answer) !== code)) {
    throw new Error(
      `${what}: the model expects ${status}${code ? ` ${code}` : ''}, the stub answered ${answer.status} ${answer.text.slice(0, 300)}`,
    )
  }
}

export function expectEqual(what: string, actual: unknown, expected: unknown): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) {
    throw new Error(
      `${what}: the model expects ${JSON.stringify(expected)}, the stub has ${JSON.stringify(actual)}`,
    )
  }
}

export function tokenPair(answer: Answer): { access: string; refresh: string } {
  const body = isJsonObject(answer.json) ? answer.json : {}
  return { access: String(body.access_token), refresh: String(body.refresh_token) }
}

export async function mailedLink(
  real: Real,
  email: string,
  kind: 'activation' | 'password-reset',
  newest: number,
) {
  return (
    (await devClientOf(real.stub, real.session).mailedLink(email, kind, newest)) ??
    ({} as Record<string, string>)
  )
}

/**
 * After every step the stub and the model must agree on what can be observed: which devices'
 * access tokens still work, and which environments each signed-in account has, in which status.
 */
export async function agree(model: Model, real: Real): Promise<void> {
  const first = Math.max(0, model.devices.length - CHECKED_DEVICES)
  for (let index = first; index < model.devices.length; index++) {
    const device = model.devices[index]
    const token = real.devices[index]?.access
    if (!device || token === undefined) continue
    const answer = await call(real, 'legacyVerifyToken', {
      method: 'GET',
      path: '/auth/verify',
      token,
    })
    const verdict = accessVerdict(model, device)
    if (verdict === 'valid') {
      expectAnswer(`device ${index} (${device.email}) verify`, answer, 200)
      const user =
        isJsonObject(answer.json) && isJsonObject(answer.json.user) ? answer.json.user : {}
      expectEqual(`device ${index} verify e-mail`, user.email, device.email)
    } else {
      expectAnswer(
        `device ${index} (${device.email}) verify`,
        answer,
        401,
        verdict === 'expired' ? 'TOKEN_EXPIRED' : 'TOKEN_INVALID',
      )
    }
  }
  const listed = new Set<string>()
  for (let index = model.devices.length - 1; index >= 0; index--) {
    const device = model.devices[index]
    const token = real.devices[index]?.access
    if (
      !device ||
      token === undefined ||
      listed.has(device.email) ||
      accessVerdict(model, device) !== 'valid'
    )
      continue
    listed.add(device.email)
    const answer = await call(real, 'listEnvironments', {
      method: 'GET',
      path: '/environments',
      token,
    })
    expectAnswer(`environments of ${device.email}`, answer, 200)
    const items =
      isJsonObject(answer.json) && Array.isArray(answer.json.items) ? answer.json.items : []
    expectEqual(
      `environments of ${device.email}`,
      items.map((item) =>
        isJsonObject(item) ? `${String(item.name)}:${String(item.status)}` : '?',
      ),
      listedEnvironments(model, device.email, DELETE_MS).map(
        (each) => `${each.name}:${statusOf(model, each, PROVISION_MS)}`,
      ),
    )
  }
}

export type Command = fc.AsyncCommand<Model, Real, false>

/** A step of a sequence: the request, the model's expectation, then the agreement check. */
export abstract class Step implements Command {
  abstract readonly label: string
  check(_model: Readonly<Model>): boolean {
    return true
  }
  abstract act(model: Model, real: Real): Promise<void>
  async run(model: Model, real: Real): Promise<void> {
    real.counts.steps += 1
    await this.act(model, real)
    await agree(model, real)
  }
  toString(): string {
    return this.label
  }
}

export const deviceAt = (model: Readonly<Model>, index: number) =>
  model.devices.length === 0 ? undefined : index % model.devices.length

/** A step acting for one of the model's accounts, chosen by its index in ACCOUNTS. */
export abstract class AccountStep extends Step {
  constructor(readonly account: number) {
    super()
  }
  get email(): string {
    return ACCOUNTS[this.account] ?? ''
  }
}
