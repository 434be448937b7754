import {
  type Contract,
  isJsonObject,
  type Operation,
  operationOf,
  type RuleId,
} from '@devenv/openapi'
import { dateBoundsOf, valuesFromOf } from '../contract-rules'
import type { Answer, OperationCall } from '../http'
import type { RunContext } from './context'
import { documentedPathParams, namesField } from './flows/support'
import { type Expectation, rulesTested, type SuiteRecorder } from './recorder'
import { NO_ACCOUNT, type RunAccount } from './run-account'

/** One check of an operation's own, planned before any is sent: its name, and how it is sent. */
export type OwnCheck = {
  name: string
  /** A documented example: judged before any flow fills the operation's windows. */
  example: boolean
  /** The ids of the contract's rules it tests (none for a plain generated refusal). */
  rules: readonly RuleId[]
  send: (suite: SuiteRecorder) => Promise<unknown>
}

/** An own check of one request of the operation, with its token when sent (see `ownChecks`). */
export type RequestCheck = (
  name: string,
  outgoing: () => Promise<OperationCall>,
  expectation: Expectation,
) => OwnCheck

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
export function sumOf(operationId: string): Expectation {
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
export function bothOf(first: Expectation, second: Expectation): Expectation {
  return {
    ...first,
    ...second,
    also: (answer) => first.also?.(answer) ?? second.also?.(answer),
    rules: (answer) => [
      ...(rulesTested(first, answer) ?? []),
      ...(rulesTested(second, answer) ?? []),
    ],
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

/** Each fixed field of the update sent with another value: refused naming it, or left unchanged. */
export function fixedFieldChecks(
  operation: Operation,
  check: RequestCheck,
  token: () => Promise<string | undefined>,
): OwnCheck[] {
  const { operationId } = operation
  const made: OwnCheck[] = []
  const fixed = FIXED_FIELDS.get(operationId)
  for (const [name, value] of Object.entries(fixed?.values ?? {})) {
    const rules = fixed ? [fixed.rule] : []
    made.push(
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
  return made
}

/**
 * Each date bound the contract states on the operation's fields (`x-date-bound`): a day before it
 * is refused naming the field; the bound day is taken.
 */
export function dateBoundChecks(
  context: RunContext,
  operation: Operation,
  check: RequestCheck,
  token: () => Promise<string | undefined>,
): OwnCheck[] {
  const { operationId } = operation
  const made: OwnCheck[] = []
  for (const { field, bound } of dateBoundsOf(context.contract, operationId)) {
    const rules = [`x-date-bound:${operationId}.${field}`]
    const day = (date: () => string) => async () => ({
      params: documentedPathParams(operation),
      token: await token(),
      body: { ...firstBody(operation), [field]: date() },
    })
    const words = `${bound.notBefore} in ${bound.timeZone}`
    made.push(
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
  return made
}

/** The checks of each field whose values another operation lists (`x-values-from`). */
export function valuesFromChecks(
  context: RunContext,
  operation: Operation,
  token: () => Promise<string | undefined>,
  account: RunAccount | undefined,
): OwnCheck[] {
  return valuesFromOf(context.contract, operation.operationId).flatMap(({ field, from }) =>
    listedValueChecks(context, operation, field, from, token, account),
  )
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
export function defaultedField(
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
