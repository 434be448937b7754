import { type Contract, fillPath, isJsonObject, type Operation, operationOf } from '@devenv/openapi'
import { dateBoundsOf, rulesOf, valuesFromOf } from '../contract-rules'
import { type Answer, headerOf, MIB, type OperationCall } from '../http'
import type { RunContext } from './context'
import { documentedPathParams, isolated } from './flows/support'
import { invalidRequests } from './generators'
import { type Expectation, SuiteRecorder } from './recorder'
import type { RunAccount } from './run-account'
import { unsupportedMethodProbe, unsupportedMethodProblem } from './unsupported-methods'
import { keptReason, rotated, rotationNote, shareOfWindow, tightestWindow } from './window-share'

/** A size as a check's name gives it: in MiB when whole, else in bytes. */
const sizeWords = (bytes: number) =>
  bytes % MIB === 0 ? `${bytes / MIB} MiB` : `${bytes.toLocaleString('en')} bytes`

/** Why a protected operation's check is skipped when the run has no account signed in. */
export const NO_ACCOUNT =
  'needs a signed-in account: pass --email/--password (or CONTRACT_EMAIL/CONTRACT_PASSWORD)'

/** An operation's documented requests: one per body example, else the bare one. */
function exampleRequests(
  operation: Operation,
  token: string | undefined,
): Array<{ name: string; request: OperationCall }> {
  const base = { params: documentedPathParams(operation), token }
  if (operation.bodySchemaPointer && operation.bodyExamples.length > 0) {
    return operation.bodyExamples.map((example) => ({
      name: `example "${example.name}"`,
      request: { ...base, body: example.value },
    }))
  }
  return [{ name: 'documented request', request: base }]
}

function invalidOutgoing(
  operation: Operation,
  invalid: ReturnType<typeof invalidRequests>[number],
  token: string | undefined,
): OperationCall {
  const base = { params: documentedPathParams(operation), token }
  switch (invalid.kind) {
    case 'body':
      return { ...base, body: invalid.body }
    case 'raw':
      return { ...base, payload: invalid.payload, contentType: invalid.contentType }
    case 'no-body':
      return base
    case 'parameter':
      return { ...base, params: { ...base.params, [invalid.parameter]: invalid.value } }
  }
}

/** A failure text unless the answer's `errors` names `name` (the 400 of a refused field). */
const namesField = (name: string) => (answer: Answer) => {
  const errors = isJsonObject(answer.json) ? answer.json.errors : undefined
  return isJsonObject(errors) && errors[name] !== undefined
    ? undefined
    : `errors does not name ${name}: ${JSON.stringify(errors)}`
}

/** The day `days` from now in UTC, as a `format: date` value (YYYY-MM-DD). */
const utcDay = (days: number, now = Date.now()) =>
  new Date(now + days * 86_400_000).toISOString().slice(0, 10)

/** A day long past, that no server clock can mistake for today. */
const LONG_PAST = '2000-01-01'

/** The first documented body of an operation, an object to set one field of. */
const firstBody = (operation: Operation): Record<string, unknown> => {
  const example = operation.bodyExamples[0]?.value
  return isJsonObject(example) ? example : {}
}

/**
 * A value of `field` that the request schema takes (pattern, length) but that no listed item has
 * as its key: the listed ids with a suffix, cut to the schema's length, else a word of its own.
 */
function unlistedValue(
  contract: Contract,
  operation: Operation,
  field: string,
  listed: readonly unknown[],
): string | undefined {
  const body = firstBody(operation)
  const taken = new Set(listed.map(String))
  const candidates = [
    ...[...taken].flatMap((id) => [`${id}-unlisted`, `${id.slice(0, 24)}-unlisted`]),
    'unlisted-model',
    'zz-unlisted',
    'x9',
  ]
  return candidates.find(
    (value) =>
      !taken.has(value) &&
      contract.validator.validateRequestBody(operation.operationId, { ...body, [field]: value })
        .valid,
  )
}

/** One check of an operation's own, planned before any is sent: its name, and how it is sent. */
type OwnCheck = {
  name: string
  /** A documented example: judged before any flow fills the operation's windows. */
  example: boolean
  send: (suite: SuiteRecorder) => Promise<unknown>
}

/**
 * An operation's own checks, in order: its documented examples, the call without a token, the
 * oversized body, then the generated invalid requests. Each protected request gets a token with
 * time left when it is sent: a late check never sends one that has expired.
 */
function ownChecks(
  context: RunContext,
  operation: Operation,
  account: RunAccount | undefined,
): OwnCheck[] {
  const { operationId } = operation
  const needsToken = operation.requiresAuth
  const token = async () => (needsToken && account ? await account.token() : undefined)
  const check = (
    name: string,
    outgoing: () => Promise<OperationCall>,
    expectation: Parameters<SuiteRecorder['request']>[3],
    example = false,
  ): OwnCheck => ({
    name,
    example,
    send: async (suite) =>
      needsToken && !account
        ? suite.skip(name, NO_ACCOUNT)
        : suite.request(name, operationId, await outgoing(), expectation),
  })
  const checks = exampleRequests(operation, undefined).map(({ name, request }) =>
    check(
      `${name} answers a documented status and body`,
      async () => ({ ...request, token: await token() }),
      {},
      true,
    ),
  )
  const [first] = exampleRequests(operation, undefined)
  if (needsToken && first)
    checks.push({
      name: 'without a bearer token: 401',
      example: false,
      send: (suite) =>
        suite.request('without a bearer token: 401', operationId, first.request, { status: 401 }),
    })
  // A documented 413 is provoked by a body over the contract's limit (its x-body-limit).
  const bodyLimit = rulesOf(context.contract).bodyLimit
  if (bodyLimit && operation.bodySchemaPointer && operation.statuses.includes('413'))
    checks.push(
      check(
        `refuses a body over ${sizeWords(bodyLimit.maxBytes)}: 413`,
        async () => ({
          params: documentedPathParams(operation),
          token: await token(),
          payload: JSON.stringify({ padding: 'x'.repeat(bodyLimit.maxBytes) }),
          contentType: 'application/json',
        }),
        { status: 413, rules: ['x-body-limit'] },
      ),
    )
  // A day before the field's bound (`x-date-bound`) is refused naming it; the bound day is taken.
  for (const { field, bound } of dateBoundsOf(context.contract, operationId)) {
    const rules = [`x-date-bound:${operationId}.${field}`]
    const day = (date: () => string) => async () => ({
      params: documentedPathParams(operation),
      token: await token(),
      body: { ...firstBody(operation), [field]: date() },
    })
    const words = `${bound.notBefore} in ${bound.timeZone}`
    checks.push(
      check(
        `refuses ${field} the day before ${words}: 400 naming ${field}`,
        day(() => utcDay(-1)),
        {
          status: 400,
          also: namesField(field),
          rules,
        },
      ),
      check(
        `refuses ${field} ${LONG_PAST}, long past: 400 naming ${field}`,
        day(() => LONG_PAST),
        {
          status: 400,
          also: namesField(field),
          rules,
        },
      ),
      check(
        `takes ${field} ${words}: success`,
        day(() => utcDay(0)),
        {
          statusClass: '2xx',
          rules,
        },
      ),
    )
  }
  for (const { field, from } of valuesFromOf(context.contract, operationId))
    checks.push(...listedValueChecks(context, operation, field, from, token, account))
  const probe = unsupportedMethodProbe(context.contract, operation)
  if (probe) {
    const name = `${probe.method}, a method its path does not have: ${probe.status} with ${probe.header}: ${probe.allowed.join(', ')}`
    checks.push({
      name,
      example: false,
      send: async (suite) => {
        const path = fillPath(operation.path, documentedPathParams(operation))
        const answer = await suite.raw({ method: probe.method, path }, { token: await token() })
        suite.verdict(
          name,
          unsupportedMethodProblem(answer, probe),
          `${probe.method} ${path}\n=> ${answer.error ?? `${answer.status} ${probe.header}: ${headerOf(answer, probe.header) ?? '(none)'}`}`,
          ['x-unsupported-methods'],
        )
      },
    })
  }
  for (const invalid of invalidRequests(context.contract, operation))
    checks.push(
      check(
        `refuses ${invalid.name}`,
        async () => invalidOutgoing(operation, invalid, await token()),
        invalid.expected ?? { statusClass: '4xx' },
      ),
    )
  return checks
}

/**
 * A field whose values another operation lists (`x-values-from`): a value the schema takes but the
 * list does not have is refused with 400 naming the field, and a listed one is taken. The list is
 * read when the checks are sent (no check of its own: it is the other operation's).
 */
function listedValueChecks(
  context: RunContext,
  operation: Operation,
  field: string,
  from: { operationId: string; list: string; key: string },
  token: () => Promise<string | undefined>,
  account: RunAccount | undefined,
): OwnCheck[] {
  const { operationId } = operation
  const rules = [`x-values-from:${operationId}.${field}`]
  const listedOf = async (suite: SuiteRecorder): Promise<unknown[] | string> => {
    const source = operationOf(context.contract, from.operationId)
    const answer = await suite.raw(from.operationId, {
      params: documentedPathParams(source),
      token: source.requiresAuth ? await token() : undefined,
    })
    const items = isJsonObject(answer.json) ? answer.json[from.list] : undefined
    if (answer.status !== 200 || !Array.isArray(items))
      return `${suite.route(from.operationId)} answered ${answer.error ?? answer.status}, not a 200 with its ${from.list}`
    return items.flatMap((item) => (isJsonObject(item) ? [item[from.key]] : []))
  }
  const send =
    (name: string, pick: (listed: unknown[]) => unknown, expectation: Expectation) =>
    async (suite: SuiteRecorder) => {
      if (operation.requiresAuth && !account) return suite.skip(name, NO_ACCOUNT)
      const listed = await listedOf(suite)
      if (typeof listed === 'string') return suite.skip(name, listed)
      const value = pick(listed)
      if (value === undefined)
        return suite.skip(name, `no ${field} the schema takes is left unlisted, or none is listed`)
      return suite.request(
        name,
        operationId,
        {
          params: documentedPathParams(operation),
          token: await token(),
          body: { ...firstBody(operation), [field]: value },
        },
        expectation,
      )
    }
  const list = `${from.operationId}'s ${from.list}`
  const unlisted = `refuses a ${field} the schema takes but ${list} does not list: 400 naming ${field}`
  const listed = `takes a ${field} ${list} lists: success`
  return [
    {
      name: unlisted,
      example: false,
      send: send(unlisted, (values) => unlistedValue(context.contract, operation, field, values), {
        status: 400,
        also: namesField(field),
        rules,
      }),
    },
    {
      name: listed,
      example: false,
      send: send(listed, (values) => values.at(-1), { statusClass: '2xx', rules }),
    },
  ]
}

/**
 * An operation's own checks in the order they are sent, and how far the run has got. On a server
 * whose windows every run shares, the run sends only its share of the operation's window: one
 * check before the flows (so that flows using the same window cannot leave the operation none),
 * then, after them, the documented examples (its success answers) and as many more as the share
 * has left. The checks past the examples start where the rotation puts this run, so that runs in
 * successive slots send the ones before them left out.
 */
export type OwnPlan = {
  operation: Operation
  suite: SuiteRecorder
  order: OwnCheck[]
  sent: number
}

export function planOwnChecks(
  context: RunContext,
  operation: Operation,
  account: RunAccount | undefined,
): OwnPlan {
  const suite = new SuiteRecorder(
    operation.operationId,
    'operation',
    context.contract,
    context.target,
    account,
  )
  const checks = ownChecks(context, operation, account)
  const share = shareOfWindow(context.target, operation)
  if (!share || share.left >= checks.length) return { operation, suite, order: checks, sent: 0 }
  const examples = checks.filter((check) => check.example)
  const others = rotated(
    checks.filter((check) => !check.example),
    share.slot * Math.max(1, share.left - examples.length),
  )
  const [first, ...rest] = others
  return { operation, suite, order: [...(first ? [first] : []), ...examples, ...rest], sent: 0 }
}

/**
 * Sends the plan's next checks: `count` of them, or as many as the run's share of the window has
 * left (all, where the window is the run's own).
 */
export async function sendOwnChecks(
  context: RunContext,
  plan: OwnPlan,
  count?: number,
  /** True once the run was stopped: no further check is sent. */
  halted: () => boolean = () => false,
): Promise<void> {
  const { operation, suite } = plan
  const share = shareOfWindow(context.target, operation)
  const room = Math.min(
    count ?? Number.POSITIVE_INFINITY,
    share ? share.left : Number.POSITIVE_INFINITY,
  )
  const end = Math.min(plan.order.length, plan.sent + room)
  // With stub sessions a public operation's checks get a fresh session (and windows) each time
  // its tightest window is used up: a 429 from a full window would judge nothing.
  const fresh = context.stubSessions && !operation.requiresAuth ? tightestWindow(operation) : 0
  for (; plan.sent < end && !halted(); plan.sent++) {
    if (fresh > 0 && plan.sent > 0 && plan.sent % fresh === 0)
      suite.sendTo(isolated(context, `${operation.operationId}-${plan.sent / fresh}`).target)
    await plan.order[plan.sent]?.send(suite)
  }
}

/** Skips the checks the run's share left no room for, saying how the rotation covers them. */
export function keepTheRest(context: RunContext, plan: OwnPlan): void {
  const share = shareOfWindow(context.target, plan.operation)
  if (!share || plan.sent >= plan.order.length) return
  const keep = `${keptReason(plan.operation.operationId, share.rule)}; ${rotationNote(plan.order.length, plan.sent, share.rule.periodSeconds)}`
  for (const check of plan.order.slice(plan.sent)) plan.suite.skip(check.name, keep)
}
