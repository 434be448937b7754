import { HTTP_METHODS, type HttpMethod, isJsonObject, type JsonObject } from '@devenv/openapi'
import type { ChangeRuleId } from './change-rules'
import { parameterKey, resolved } from './normalise'

// The deprecation policy: how an operation, a parameter or a body's property is retired.
// `deprecated`, `x-sunset` (the date it may be removed) and `x-stability-level` (draft, alpha,
// beta, stable) change nothing on the wire; they are promises about time. Judged as oasdiff does,
// with the notice a deprecation must give as options, and listed as policy changes apart from
// the wire's.

/** How long a deprecation must run before its sunset, by stability level. */
export type DeprecationPolicy = {
  /** Days from a deprecation to its sunset for a stable element (or one with no level). */
  deprecationDays: number
  /** Days for a beta element; draft and alpha elements may go at once. */
  betaDeprecationDays: number
  /** Today, injected so the judgement is testable. */
  now: Date
}

export const DEFAULT_DEPRECATION_POLICY: Omit<DeprecationPolicy, 'now'> = {
  deprecationDays: 180,
  betaDeprecationDays: 31,
}

const STABILITY_LEVELS = ['draft', 'alpha', 'beta', 'stable'] as const

export type PolicyChange = {
  rule: ChangeRuleId
  /** JSON pointer segments into the head (into the base for what the head dropped). */
  path: string[]
  operation: { method: HttpMethod; path: string }
  subject: string
  before?: unknown
  after?: unknown
}

/** An element that may be deprecated, on each side, where it stands. */
type Element = {
  subject: string
  path: string[]
  before: JsonObject | undefined
  after: JsonObject | undefined
}

const DAY = 86_400_000

/** The sunset date, or `invalid` for one that is not an RFC 3339 date or date-time. */
function sunsetOf(element: JsonObject | undefined): Date | 'invalid' | undefined {
  const value = element?.['x-sunset']
  if (value === undefined) return undefined
  const text = value instanceof Date ? value.toISOString() : String(value)
  if (!/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(text)) return 'invalid'
  const date = new Date(text)
  return Number.isNaN(date.getTime()) ? 'invalid' : date
}

const levelOf = (element: JsonObject | undefined) => element?.['x-stability-level']

function noticeDays(element: JsonObject, policy: DeprecationPolicy): number {
  const level = levelOf(element)
  if (level === 'draft' || level === 'alpha') return 0
  return level === 'beta' ? policy.betaDeprecationDays : policy.deprecationDays
}

/** The policy changes of one element between the two versions. */
function judgeElement(
  element: Element,
  policy: DeprecationPolicy,
): Omit<PolicyChange, 'operation'>[] {
  const { before, after, subject, path } = element
  if (!after) return []
  const changes: Omit<PolicyChange, 'operation'>[] = []
  const add = (rule: ChangeRuleId, keyword: string, was?: unknown, is?: unknown) =>
    changes.push({
      rule,
      path: [...path, keyword],
      subject,
      ...(was === undefined ? {} : { before: was }),
      ...(is === undefined ? {} : { after: is }),
    })
  const level = levelOf(after)
  // What did not change is not listed again: a self-diff is empty.
  if (
    level !== undefined &&
    level !== levelOf(before) &&
    !STABILITY_LEVELS.includes(level as never)
  )
    add('policy-stability-invalid', 'x-stability-level', levelOf(before), level)
  else if (
    level !== undefined &&
    STABILITY_LEVELS.includes(levelOf(before) as never) &&
    STABILITY_LEVELS.indexOf(level as never) < STABILITY_LEVELS.indexOf(levelOf(before) as never)
  )
    add('policy-stability-decreased', 'x-stability-level', levelOf(before), level)
  if (after.deprecated !== true) return changes
  const sunset = sunsetOf(after)
  const earlier = sunsetOf(before)
  const earliest = new Date(policy.now.getTime() + noticeDays(after, policy) * DAY)
  const wasDeprecated = before?.deprecated === true
  if (sunset === 'invalid') {
    if (!wasDeprecated || before?.['x-sunset'] !== after['x-sunset'])
      add('policy-sunset-unparseable', 'x-sunset', before?.['x-sunset'], after['x-sunset'])
  } else if (sunset === undefined) {
    if (earlier !== undefined && wasDeprecated)
      add('policy-sunset-removed', 'x-sunset', before?.['x-sunset'], undefined)
    else if (!wasDeprecated) add('policy-sunset-missing', 'deprecated', undefined, true)
  } else if (!wasDeprecated || earlier === undefined || earlier === 'invalid') {
    if (sunset < earliest) add('policy-sunset-too-soon', 'x-sunset', undefined, after['x-sunset'])
  } else if (sunset < earlier && sunset < earliest)
    add('policy-sunset-moved-earlier', 'x-sunset', before?.['x-sunset'], after['x-sunset'])
  return changes
}

const objectAt = (document: JsonObject, value: unknown) => {
  const each = resolved(document, value)
  return isJsonObject(each) ? each : undefined
}

/** The top-level properties of each JSON body of an operation (request, then each response). */
function bodySchemas(document: JsonObject, operation: JsonObject | undefined) {
  const found = new Map<string, { label: string; path: string[]; schema: JsonObject }>()
  const fromContent = (content: unknown, label: string, path: string[]) => {
    const map = objectAt(document, content)
    if (!map) return
    for (const [mediaType, media] of Object.entries(map)) {
      const schema = objectAt(document, objectAt(document, media)?.schema)
      if (schema)
        found.set([...path, mediaType].join('/'), {
          label: `${label} (${mediaType})`,
          path: [...path, mediaType, 'schema'],
          schema,
        })
    }
  }
  const body = objectAt(document, operation?.requestBody)
  fromContent(body?.content, 'request body', ['requestBody', 'content'])
  const responses = objectAt(document, operation?.responses) ?? {}
  for (const [status, response] of Object.entries(responses))
    fromContent(objectAt(document, response)?.content, `response ${status}`, [
      'responses',
      status,
      'content',
    ])
  return found
}

/** Each operation's elements that may be deprecated: itself, its parameters, its bodies' properties. */
function elementsOf(
  base: JsonObject,
  head: JsonObject,
  path: string,
  method: HttpMethod,
): Element[] {
  const operationOf = (document: JsonObject) =>
    objectAt(document, objectAt(document, objectAt(document, document.paths)?.[path])?.[method])
  const was = operationOf(base)
  const is = operationOf(head)
  const at = ['paths', path, method]
  const elements: Element[] = [{ subject: 'operation', path: at, before: was, after: is }]
  const parametersOf = (operation: JsonObject | undefined) =>
    Array.isArray(operation?.parameters) ? operation.parameters : []
  parametersOf(is).forEach((parameter, index) => {
    const key = parameterKey(head, parameter)
    const old = parametersOf(was).find((each) => parameterKey(base, each) === key)
    elements.push({
      subject: `parameter ${key ?? index}`,
      path: [...at, 'parameters', String(index)],
      before: objectAt(base, old),
      after: objectAt(head, parameter),
    })
  })
  const oldBodies = bodySchemas(base, was)
  for (const [key, { label, path: bodyPath, schema }] of bodySchemas(head, is)) {
    const old = oldBodies.get(key)?.schema
    const properties = objectAt(head, schema.properties) ?? {}
    const oldProperties = objectAt(base, old?.properties) ?? {}
    for (const [name, property] of Object.entries(properties))
      elements.push({
        subject: `${label} property "${name}"`,
        path: [...at, ...bodyPath, 'properties', name],
        before: objectAt(base, oldProperties[name]),
        after: objectAt(head, property),
      })
  }
  return elements
}

/**
 * Every change of the deprecation policy from `base` to `head` (both normalised: path-level
 * parameters already in their operations): a deprecation without a sunset, a sunset too soon,
 * moved earlier, removed or unparseable, a stability level lowered or unknown.
 */
export function deprecationChanges(
  base: JsonObject,
  head: JsonObject,
  policy: DeprecationPolicy,
): PolicyChange[] {
  const paths = objectAt(head, head.paths) ?? {}
  return Object.entries(paths).flatMap(([path, item]) =>
    HTTP_METHODS.filter((method) => isJsonObject(objectAt(head, item)?.[method])).flatMap(
      (method) =>
        elementsOf(base, head, path, method).flatMap((element) =>
          judgeElement(element, policy).map((change) => ({
            ...change,
            operation: { method, path },
          })),
        ),
    ),
  )
}
