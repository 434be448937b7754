import {
  type ContractRules,
  findOperations,
  type HttpMethod,
  type Lifetimes,
  type OpenApiDocument,
  type PasswordPolicy,
  type Quota,
  type RateLimit,
  readContractRules,
  toJsonPointer,
} from '@devenv/openapi'
import type { ChangeRuleId } from './change-rules'

// The rules a server keeps, compared as the rules they are (readContractRules of both versions),
// not as YAML: a strength minimum 40 -> 60 is a tightened password policy, a reset link's
// lifetime 3600 -> 1800 a shortened lifetime.

/** One change of a rule: which, where, and its value before and after. */
export type RuleChange = {
  rule: ChangeRuleId
  pointer: string
  operation?: { method: HttpMethod; path: string }
  /** What the rule is about: `password of register`, `the reset link`... */
  subject: string
  before: unknown
  after: unknown
}

/** The value with every object's keys sorted: the order keys are written in means nothing. */
const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : value !== null && typeof value === 'object'
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
        )
      : value

/** Whether two values are the same data, whatever order their keys are written in. */
export const isDeepEqual = (a: unknown, b: unknown) =>
  JSON.stringify(canonical(a)) === JSON.stringify(canonical(b))

type Compared<T> = { key: string; before: T | undefined; after: T | undefined }

/** Pairs the entries of two maps by key, in the head's order then the base's. */
function paired<T>(before: Record<string, T>, after: Record<string, T>): Compared<T>[] {
  const keys = [...new Set([...Object.keys(after), ...Object.keys(before)])]
  return keys.map((key) => ({ key, before: before[key], after: after[key] }))
}

/** Which way a policy moved: each of its parts compared, the sum of them said. */
function policyDirection(
  before: PasswordPolicy,
  after: PasswordPolicy,
): 'tightened' | 'loosened' | 'both' {
  let tighter = false
  let looser = false
  const compare = (was: number, is: number) => {
    if (is > was) tighter = true
    if (is < was) looser = true
  }
  compare(before.minLength, after.minLength)
  if (before.strength && after.strength) {
    compare(before.strength.minimum, after.strength.minimum)
    // Fewer points per rule, or a longer "long" length, make the same password weaker.
    compare(after.strength.pointsPerRule, before.strength.pointsPerRule)
    compare(before.strength.longLength, after.strength.longLength)
  } else if (after.strength) tighter = true
  else if (before.strength) looser = true
  const wasRequired = new Set(before.require ?? [])
  const isRequired = new Set(after.require ?? [])
  if ([...isRequired].some((check) => !wasRequired.has(check))) tighter = true
  if ([...wasRequired].some((check) => !isRequired.has(check))) looser = true
  compare(Number(before.refuseCommon), Number(after.refuseCommon))
  return tighter && looser ? 'both' : looser ? 'loosened' : 'tightened'
}

function passwordPolicyChanges(
  base: ContractRules,
  head: ContractRules,
  operations: OperationIndex,
): RuleChange[] {
  const byField = (rules: ContractRules) =>
    Object.fromEntries(
      rules.passwordFields.map((field) => [`${field.operationId} ${field.field}`, field]),
    )
  return paired(byField(base), byField(head)).flatMap(({ before, after }): RuleChange[] => {
    const field = after ?? before
    if (!field || isDeepEqual(before?.policy, after?.policy)) return []
    if (!operations.inBoth(field.operationId)) return []
    const schemaPointer = field.schema.startsWith('#')
      ? field.schema
      : toJsonPointer(['components', 'schemas', field.schema])
    const common = {
      pointer: `${schemaPointer}/x-password-policy`,
      operation: operations.get(field.operationId),
      subject: `the password policy of "${field.field}"`,
      before: before?.policy,
      after: after?.policy,
    }
    if (!before) return [{ rule: 'password-policy-added', ...common }]
    if (!after) return [{ rule: 'password-policy-removed', ...common }]
    const direction = policyDirection(before.policy, after.policy)
    // A policy tightened in one part and loosened in another is both: each is named.
    const rules: ChangeRuleId[] =
      direction === 'both'
        ? ['password-policy-tightened', 'password-policy-loosened']
        : [direction === 'tightened' ? 'password-policy-tightened' : 'password-policy-loosened']
    return rules.map((rule) => ({ rule, ...common }))
  })
}

function quotaChanges(
  base: ContractRules,
  head: ContractRules,
  operations: OperationIndex,
): RuleChange[] {
  return paired<Quota>(base.quotas, head.quotas).flatMap(({ key, before, after }): RuleChange[] => {
    if (isDeepEqual(before, after) || !operations.inBoth(key)) return []
    const operation = operations.get(key)
    const common = {
      pointer: `${operations.pointer(key)}/x-quota`,
      operation,
      subject: `the quota of ${key}`,
      before,
      after,
    }
    if (!before) return [{ rule: 'quota-added', ...common }]
    if (!after) return [{ rule: 'quota-removed', ...common }]
    const changes: RuleChange[] = []
    if (after.limit < before.limit) changes.push({ rule: 'quota-lowered', ...common })
    if (after.limit > before.limit) changes.push({ rule: 'quota-raised', ...common })
    const { limit: _was, ...restBefore } = before
    const { limit: _is, ...restAfter } = after
    if (!isDeepEqual(restBefore, restAfter))
      changes.push({ rule: 'quota-answer-changed', ...common })
    return changes
  })
}

/** A rate limit's key within its operation: one window or lock per kind and scope. */
const limitKey = (limit: RateLimit) => `${limit.kind} per ${limit.scope}`

function rateLimitChanges(
  base: ContractRules,
  head: ContractRules,
  operations: OperationIndex,
): RuleChange[] {
  const limitsOf = (rules: ContractRules) => {
    const found: Record<string, { limit: RateLimit; operationId: string }> = {}
    for (const [operationId, limits] of Object.entries(rules.rateLimits))
      for (const limit of limits)
        found[`${operationId} ${limitKey(limit)}`] = { limit, operationId }
    return found
  }
  return paired(limitsOf(base), limitsOf(head)).flatMap(({ before, after }): RuleChange[] => {
    const located = after ?? before
    if (!located || isDeepEqual(before?.limit, after?.limit)) return []
    if (!operations.inBoth(located.operationId)) return []
    const common = {
      pointer: `${operations.pointer(located.operationId)}/x-rate-limits`,
      operation: operations.get(located.operationId),
      subject: `the ${limitKey(located.limit)}`,
      before: before?.limit,
      after: after?.limit,
    }
    if (!before) return [{ rule: 'rate-limit-added', ...common }]
    if (!after) return [{ rule: 'rate-limit-removed', ...common }]
    // Allowed per second, the lower the tighter; a lock held longer is tighter too.
    const rate = (limit: RateLimit) => limit.limit / limit.periodSeconds
    const tighter =
      before.limit.kind === 'lock'
        ? after.limit.limit < before.limit.limit ||
          after.limit.periodSeconds > before.limit.periodSeconds
        : rate(after.limit) < rate(before.limit)
    return [{ rule: tighter ? 'rate-limit-tightened' : 'rate-limit-loosened', ...common }]
  })
}

const LIFETIME_NAMES: Record<keyof Lifetimes, string> = {
  accessToken: 'the access token',
  refreshToken: 'the refresh token',
  activationLink: 'the activation link',
  resetLink: 'the reset link',
}

function lifetimeChanges(base: ContractRules, head: ContractRules): RuleChange[] {
  const pointer = '#/x-lifetimes'
  if (isDeepEqual(base.lifetimes, head.lifetimes)) return []
  const common = {
    pointer,
    subject: 'the lifetimes',
    before: base.lifetimes,
    after: head.lifetimes,
  }
  if (!base.lifetimes) return [{ rule: 'lifetimes-added', ...common }]
  if (!head.lifetimes) return [{ rule: 'lifetimes-removed', ...common }]
  const before = base.lifetimes
  const after = head.lifetimes
  return (Object.keys(LIFETIME_NAMES) as Array<keyof Lifetimes>).flatMap((name): RuleChange[] =>
    before[name] === after[name]
      ? []
      : [
          {
            rule: after[name] < before[name] ? 'lifetime-shortened' : 'lifetime-lengthened',
            pointer: `${pointer}/${name}`,
            subject: `the lifetime of ${LIFETIME_NAMES[name]} (seconds)`,
            before: before[name],
            after: after[name],
          },
        ],
  )
}

function bodyLimitChanges(base: ContractRules, head: ContractRules): RuleChange[] {
  const before = base.bodyLimit
  const after = head.bodyLimit
  if (isDeepEqual(before, after)) return []
  const common = { pointer: '#/x-body-limit', subject: 'the body limit (bytes)', before, after }
  if (!before) return [{ rule: 'body-limit-added', ...common }]
  if (!after) return [{ rule: 'body-limit-removed', ...common }]
  return [
    {
      rule: after.maxBytes < before.maxBytes ? 'body-limit-lowered' : 'body-limit-raised',
      ...common,
    },
  ]
}

function lifecycleChanges(base: ContractRules, head: ContractRules): RuleChange[] {
  return paired(base.lifecycles, head.lifecycles).flatMap(
    ({ key, before, after }): RuleChange[] => {
      if (isDeepEqual(before, after)) return []
      const rule: ChangeRuleId = !before
        ? 'lifecycle-added'
        : !after
          ? 'lifecycle-removed'
          : 'lifecycle-changed'
      return [
        {
          rule,
          pointer: `${toJsonPointer(['components', 'schemas', key])}/x-lifecycle`,
          subject: `the lifecycle of ${key}`,
          before,
          after,
        },
      ]
    },
  )
}

function unsupportedMethodChanges(base: ContractRules, head: ContractRules): RuleChange[] {
  const before = base.unsupportedMethods
  const after = head.unsupportedMethods
  if (isDeepEqual(before, after)) return []
  const rule: ChangeRuleId = !before
    ? 'unsupported-methods-added'
    : !after
      ? 'unsupported-methods-removed'
      : 'unsupported-methods-changed'
  return [
    {
      rule,
      pointer: '#/x-unsupported-methods',
      subject: 'the answer to a method a path does not have',
      before,
      after,
    },
  ]
}

const dateBoundsOf = (rules: ContractRules) =>
  rules.dateBounds.map(({ operationId, field, bound }) => ({ operationId, field, value: bound }))
const valuesFromOf = (rules: ContractRules) =>
  rules.valuesFrom.map(({ operationId, field, from }) => ({ operationId, field, value: from }))

/** What each rule about one operation's body field or the operation itself says, by its key. */
type Keyed = Record<
  string,
  { operationId: string; pointer: string; subject: string; value: unknown }
>

/**
 * The rules stated once per operation or per body field (`x-unique`, `x-date-bound`,
 * `x-values-from`), compared by their place: added, removed or changed.
 */
function placedRuleChanges(
  kind: 'unique' | 'date-bound' | 'values-from',
  before: Keyed,
  after: Keyed,
  operations: OperationIndex,
): RuleChange[] {
  return paired(before, after).flatMap(({ before: was, after: is }): RuleChange[] => {
    const located = is ?? was
    if (!located || isDeepEqual(was?.value, is?.value)) return []
    if (!operations.inBoth(located.operationId)) return []
    const rule: ChangeRuleId = !was ? `${kind}-added` : !is ? `${kind}-removed` : `${kind}-changed`
    return [
      {
        rule,
        pointer: located.pointer,
        operation: operations.get(located.operationId),
        subject: located.subject,
        before: was?.value,
        after: is?.value,
      },
    ]
  })
}

function uniquesOf(rules: ContractRules, operations: OperationIndex): Keyed {
  return Object.fromEntries(
    Object.entries(rules.uniques).map(([operationId, unique]) => [
      operationId,
      {
        operationId,
        pointer: `${operations.pointer(operationId)}/x-unique`,
        subject: `the uniqueness of "${unique.field}" in ${operationId}`,
        value: unique,
      },
    ]),
  )
}

function fieldRulesOf(
  fields: ReadonlyArray<{ operationId: string; field: string; value: unknown }>,
  extension: string,
  operations: OperationIndex,
): Keyed {
  return Object.fromEntries(
    fields.map(({ operationId, field, value }) => [
      `${operationId} ${field}`,
      {
        operationId,
        pointer: `${operations.pointer(operationId)}/requestBody`,
        subject: `the ${extension} of "${field}" in ${operationId}`,
        value,
      },
    ]),
  )
}

/** `x-effects`: each revocation or reset on an answer, added or removed. */
function effectChanges(
  base: ContractRules,
  head: ContractRules,
  operations: OperationIndex,
): RuleChange[] {
  const effectsOf = (rules: ContractRules) => {
    const found: Keyed = {}
    for (const [operationId, effects] of Object.entries(rules.effects))
      for (const effect of effects) {
        const what = effect.revokes ? `revokes ${effect.revokes}` : `resets ${effect.resets}`
        found[`${operationId} ${effect.status} ${what}`] = {
          operationId,
          pointer: `${operations.pointer(operationId)}/x-effects`,
          subject: `${operationId}'s ${effect.status} ${what}`,
          value: effect,
        }
      }
    return found
  }
  return paired(effectsOf(base), effectsOf(head)).flatMap(({ before, after }): RuleChange[] => {
    const located = after ?? before
    if (!located || (before && after) || !operations.inBoth(located.operationId)) return []
    return [
      {
        rule: before ? 'effect-removed' : 'effect-added',
        pointer: located.pointer,
        operation: operations.get(located.operationId),
        subject: located.subject,
        before: before?.value,
        after: after?.value,
      },
    ]
  })
}

/**
 * The operations of both versions by operationId, the head's where it has one. A rule of an
 * operation only one version has goes with it: the operation's addition or removal says it.
 */
type OperationIndex = {
  get: (operationId: string) => { method: HttpMethod; path: string } | undefined
  pointer: (operationId: string) => string
  inBoth: (operationId: string) => boolean
}

function operationIndex(base: OpenApiDocument, head: OpenApiDocument): OperationIndex {
  const found = new Map<string, { method: HttpMethod; path: string; pointer: string }>()
  const idsOf = (document: OpenApiDocument) =>
    new Set(findOperations(document).map(({ operation }) => operation.operationId))
  const inBase = idsOf(base)
  const inHead = idsOf(head)
  for (const document of [base, head])
    for (const { operation, method, path, pointer } of findOperations(document))
      if (typeof operation.operationId === 'string')
        found.set(operation.operationId, { method, path, pointer })
  return {
    inBoth: (operationId) => inBase.has(operationId) && inHead.has(operationId),
    get: (operationId) => {
      const located = found.get(operationId)
      return located && { method: located.method, path: located.path }
    },
    pointer: (operationId) => found.get(operationId)?.pointer ?? '#/paths',
  }
}

/**
 * Every change of the rules a server keeps between two versions. Throws ContractRuleError when
 * either version states a rule in a shape of its own.
 */
export function contractRuleChanges(base: OpenApiDocument, head: OpenApiDocument): RuleChange[] {
  const baseRules = readContractRules(base)
  const headRules = readContractRules(head)
  const operations = operationIndex(base, head)
  return [
    ...passwordPolicyChanges(baseRules, headRules, operations),
    ...quotaChanges(baseRules, headRules, operations),
    ...rateLimitChanges(baseRules, headRules, operations),
    ...bodyLimitChanges(baseRules, headRules),
    ...lifetimeChanges(baseRules, headRules),
    ...lifecycleChanges(baseRules, headRules),
    ...unsupportedMethodChanges(baseRules, headRules),
    ...placedRuleChanges(
      'unique',
      uniquesOf(baseRules, operations),
      uniquesOf(headRules, operations),
      operations,
    ),
    ...placedRuleChanges(
      'date-bound',
      fieldRulesOf(dateBoundsOf(baseRules), 'date bound', operations),
      fieldRulesOf(dateBoundsOf(headRules), 'date bound', operations),
      operations,
    ),
    ...placedRuleChanges(
      'values-from',
      fieldRulesOf(valuesFromOf(baseRules), 'list of allowed values', operations),
      fieldRulesOf(valuesFromOf(headRules), 'list of allowed values', operations),
      operations,
    ),
    ...effectChanges(baseRules, headRules, operations),
  ]
}
