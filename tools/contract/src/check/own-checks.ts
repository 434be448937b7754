import {
  type Contract,
  contractRuleIds,
  fillPath,
  isJsonObject,
  type Operation,
  operationOf,
  type RuleId,
} from '@devenv/openapi'
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
  /** The ids of the contract's rules it tests (none for a plain generated refusal). */
  rules: readonly RuleId[]
  send: (suite: SuiteRecorder) => Promise<unknown>
}

/** The rules a planned check cites, known before its answer. */
const citedBy = (expectation: Expectation): readonly RuleId[] =>
  Array.isArray(expectation.rules) ? expectation.rules : []

const boundOperations = new WeakMap<Contract, Map<RuleId, readonly string[]>>()

/**
 * Whether the contract states rule `id` and names `operationId` among the operations it binds (the
 * register's list, not a guess from paths: a copy of the contract may rename them).
 */
function ruleBinds(contract: Contract, id: RuleId, operationId: string): boolean {
  let bound = boundOperations.get(contract)
  if (!bound) {
    bound = new Map(contractRuleIds(contract.document).map((rule) => [rule.id, rule.operations]))
    boundOperations.set(contract, bound)
  }
  return bound.get(id)?.includes(operationId) ?? false
}

/** The prose rule of a field that, left out of a request, takes the first value another operation lists. */
const DEFAULTS_TO_FIRST_LISTED: ReadonlyMap<string, RuleId> = new Map([
  ['chatCompletion.model', 'chat.model-defaults-to-the-first-listed'],
])

/** A success's count that the contract states as the sum of two others (`usage.totalTokens`). */
const SUMS: ReadonlyMap<
  string,
  { rule: RuleId; object: string; total: string; parts: readonly [string, string] }
> = new Map([
  [
    'chatCompletion',
    {
      rule: 'chat.total-tokens-is-the-sum',
      object: 'usage',
      total: 'totalTokens',
      parts: ['promptTokens', 'completionTokens'],
    },
  ],
])

/** What a 200 of `operationId` must add up to, as an expectation to add to its examples'. */
function sumOf(operationId: string): Expectation {
  const sum = SUMS.get(operationId)
  if (!sum) return {}
  return {
    also: (answer) => {
      const counts = answerField(answer, sum.object)
      if (answer.status !== 200 || !isJsonObject(counts)) return undefined
      const [first, second] = sum.parts.map((part) => counts[part])
      const total = counts[sum.total]
      return typeof first === 'number' && typeof second === 'number' && total !== first + second
        ? `${sum.object}.${sum.total} is ${JSON.stringify(total)}, not ${sum.parts.join(' + ')} = ${first + second}`
        : undefined
    },
    rules: (answer) => (answer.status === 200 ? [sum.rule] : []),
  }
}

/** Both expectations (the second's statuses, if both name some): each one's failure and rules. */
function bothOf(first: Expectation, second: Expectation): Expectation {
  const rulesOf = (expectation: Expectation, answer: Answer) =>
    typeof expectation.rules === 'function' ? expectation.rules(answer) : (expectation.rules ?? [])
  return {
    ...first,
    ...second,
    also: (answer) => first.also?.(answer) ?? second.also?.(answer),
    rules: (answer) => [...rulesOf(first, answer), ...rulesOf(second, answer)],
  }
}

/**
 * Fields an update answers but does not change (its body is closed, so each answers 400 naming
 * it; a server that took one anyway must answer it unchanged), with a value each that the field's
 * schema takes.
 */
const FIXED_FIELDS: ReadonlyMap<string, { rule: RuleId; values: Record<string, unknown> }> =
  new Map([
    [
      'updateProfile',
      {
        rule: 'profile.fixed-fields-cannot-change',
        values: {
          email: 'someone.else@example.com',
          userType: 'COMPANY',
          roles: ['admin'],
          demo: true,
        },
      },
    ],
  ])

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
    rules: citedBy(expectation),
    send: async (suite) =>
      needsToken && !account
        ? suite.skip(name, NO_ACCOUNT)
        : suite.request(name, operationId, await outgoing(), expectation),
  })
  // A call the contract names public is answered without a token (its examples carry none).
  const publicCall: Expectation = ruleBinds(
    context.contract,
    'api.public-calls-need-no-token',
    operationId,
  )
    ? {
        also: (answer) =>
          answer.status === 401
            ? 'a public call answered 401 to a request with no Authorization header'
            : undefined,
        rules: ['api.public-calls-need-no-token'],
      }
    : {}
  const checks = exampleRequests(operation, undefined).map(
    ({ name, request }) =>
      defaultedField(context, operation, name, request.body, account) ??
      check(
        `${name} answers a documented status and body`,
        async () => ({ ...request, token: await token() }),
        bothOf(publicCall, sumOf(operationId)),
        true,
      ),
  )
  const [first] = exampleRequests(operation, undefined)
  if (needsToken && first) {
    // The deprecated GET /auth/verify is the exception of the /auth/ calls, not a protected one.
    const cited = ['api.protected-calls-need-bearer-token', 'api.bad-bearer-token-answers-401']
    const noToken: Expectation = {
      status: 401,
      rules: cited.filter((id) => ruleBinds(context.contract, id, operationId)),
    }
    checks.push({
      name: 'without a bearer token: 401',
      example: false,
      rules: citedBy(noToken),
      send: (suite) =>
        suite.request('without a bearer token: 401', operationId, first.request, noToken),
    })
  }
  const fixed = FIXED_FIELDS.get(operationId)
  for (const [name, value] of Object.entries(fixed?.values ?? {})) {
    const rules = fixed ? [fixed.rule] : []
    checks.push(
      check(
        `a ${name} in the update (it cannot change here): 400 naming ${name}, or ${name} unchanged`,
        async () => ({
          params: documentedPathParams(operation),
          token: await token(),
          body: { ...firstBody(operation), [name]: value },
        }),
        {
          status: [400, 200],
          also: (answer) =>
            answer.status === 400
              ? namesField(name)(answer)
              : isJsonObject(answer.json) && answer.json[name] !== value
                ? undefined
                : `${operationId} answered 200 with ${name} changed to ${JSON.stringify(value)}`,
          rules,
        },
      ),
    )
  }
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
      rules: ['x-unsupported-methods'],
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

/** The keys of the items another operation lists (read, not judged), or why there are none. */
async function listedValues(
  context: RunContext,
  from: { operationId: string; list: string; key: string },
  token: () => Promise<string | undefined>,
  suite: SuiteRecorder,
): Promise<unknown[] | string> {
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

/**
 * A documented example that leaves out a field whose values another operation lists, where the
 * contract says the field then takes the first listed: answered with that value. Undefined for any
 * other example (judged as documented only).
 */
function defaultedField(
  context: RunContext,
  operation: Operation,
  example: string,
  body: unknown,
  account: RunAccount | undefined,
): OwnCheck | undefined {
  const { operationId } = operation
  if (!isJsonObject(body)) return undefined
  const rule = valuesFromOf(context.contract, operationId).flatMap(({ field, from }) => {
    const id = DEFAULTS_TO_FIRST_LISTED.get(`${operationId}.${field}`)
    return id && !(field in body) ? [{ field, from, id }] : []
  })[0]
  if (!rule) return undefined
  const token = async () => (account ? await account.token() : undefined)
  const name = `${example} answers a documented status and body, without ${rule.field} the first one ${rule.from.operationId} lists`
  return {
    name,
    example: true,
    rules: [rule.id],
    send: async (suite) => {
      if (operation.requiresAuth && !account) return suite.skip(name, NO_ACCOUNT)
      const listed = await listedValues(context, rule.from, token, suite)
      if (typeof listed === 'string') return suite.skip(name, listed)
      const [first] = listed
      return suite.request(
        name,
        operationId,
        { params: documentedPathParams(operation), token: await token(), body },
        bothOf(
          {
            also: (answer) =>
              answer.status !== 200 || answerField(answer, rule.field) === first
                ? undefined
                : `${rule.field} ${JSON.stringify(answerField(answer, rule.field))}, not the first listed ${JSON.stringify(first)}`,
            rules: (answer) => (answer.status === 200 ? [rule.id] : []),
          },
          sumOf(operationId),
        ),
      )
    },
  }
}

/** A field of a JSON answer. */
const answerField = (answer: Answer, name: string): unknown =>
  isJsonObject(answer.json) ? answer.json[name] : undefined

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
  const listedOf = (suite: SuiteRecorder) => listedValues(context, from, token, suite)
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
      rules,
      send: send(unlisted, (values) => unlistedValue(context.contract, operation, field, values), {
        status: 400,
        also: namesField(field),
        rules,
      }),
    },
    {
      name: listed,
      example: false,
      rules,
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
  // A rule stated as data on this very operation (its date bound, its listed values) has no other
  // check in the run: the first check of each goes first, in every run, then the documented
  // examples. The rest (those rules' other checks, refusals every operation shares, generated
  // ones) rotate from run to run.
  const own = checks.filter(
    (check, index) =>
      !check.example &&
      check.rules.some(
        (rule) =>
          isRuleOf(rule, operation) &&
          !checks.slice(0, index).some((earlier) => earlier.rules.includes(rule)),
      ),
  )
  const examples = checks.filter((check) => check.example)
  const others = rotated(
    checks.filter((check) => !check.example && !own.includes(check)),
    share.slot * Math.max(1, share.left - own.length - examples.length),
  )
  // The first goes before the flows: an own rule's check where there is one, else a rotating one.
  const order =
    own.length > 0
      ? [...own, ...examples, ...others]
      : [...others.slice(0, 1), ...examples, ...others.slice(1)]
  return { operation, suite, order, sent: 0 }
}

/** Whether a rule is stated as data on the operation (`x-date-bound:requestDemo.preferredDate`). */
const isRuleOf = (rule: RuleId, operation: Operation) =>
  rule.startsWith('x-') && rule.split(':')[1]?.split('.')[0] === operation.operationId

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
