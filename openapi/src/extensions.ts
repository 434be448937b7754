import definitions from '../extensions.schema.json'
import { isJsonObject, type JsonObject } from './document'

/**
 * The shapes of the contract's `x-` extensions: the rules a server keeps (the document's "Rules as
 * data"): the toolkit tests them, the stub and the site apply them, and a diff of two contracts
 * compares them. Each extension's shape is defined once, in `extensions.schema.json`; the lint
 * (`lint/contract-rules.mjs`) and this module both hold the document to it (`rules.ts` reads them).
 */

export type RateLimit = {
  kind: 'window' | 'lock'
  scope: 'client' | 'email' | 'user'
  limit: number
  periodSeconds: number
}

export type PasswordCheck = 'uppercase' | 'lowercase' | 'digit' | 'special'

/**
 * `unicode-categories`: lower-case is Ll; upper-case is Lu or Lt; a digit is Nd; another
 * (special) character is anything but a letter (L), a mark (M), a digit (Nd) or whitespace; so a
 * letter of no case (Lo, a CJK ideograph) meets none of the four.
 */
export type PasswordCharacters = 'unicode-categories'

export type PasswordPolicy = {
  minLength: number
  /**
   * The strength scale: six rules of `pointsPerRule` each, capped at 100; `minimum` to pass.
   * `characters`: which character meets which rule (of the scale and the checklist).
   */
  strength?: {
    minimum: number
    pointsPerRule: number
    longLength: number
    characters?: PasswordCharacters
  }
  /** Checklist items that must each hold. */
  require?: readonly PasswordCheck[]
  /** A common or trivial password is refused. */
  refuseCommon: boolean
}

export type Quota = {
  scope: 'user'
  limit: number
  /** Statuses whose resources do not count. */
  uncounted?: string[]
  status: number
  code: string
}

/** A request body field whose value one user may hold only once; a repeat answers `status`. */
export type Unique = {
  field: string
  per: 'user'
  status: number
  code: string
}

/** A `format: date` field's earliest day: not before today in `timeZone`; earlier answers 400. */
export type DateBound = { notBefore: 'today'; timeZone: 'UTC' }

/**
 * A field whose value must be the `key` of one of the items in the `list` array of the 200 answer
 * of `operationId`; another value answers 400 naming the field.
 */
export type ValuesFrom = { operationId: string; list: string; key: string }

/** What an answer of `status` does besides answering: revokes sessions, resets the login lock. */
export type Effect = {
  status: number
  revokes?: 'session' | 'account-sessions'
  resets?: 'login-lock'
}

export type Lifecycle = {
  created: string
  deleted?: string
  transitions: Array<{ from: string; to: string[]; withinSeconds?: number }>
}

/** In seconds. */
export type Lifetimes = {
  accessToken: number
  refreshToken: number
  activationLink: number
  resetLink: number
}

/** A request body field whose schema carries a password policy. */
export type PasswordField = {
  operationId: string
  field: string
  /** The schema that carries the policy (`NewPassword`), by its component name. */
  schema: string
  policy: PasswordPolicy
}

export type ContractRules = {
  /** Each operation's `x-rate-limits` (windows and the login lock), by operationId; none: absent. */
  rateLimits: Record<string, RateLimit[]>
  passwordFields: PasswordField[]
  /** By operationId. */
  quotas: Record<string, Quota>
  /** By operationId. */
  uniques: Record<string, Unique>
  /** Request body fields with an `x-date-bound`. */
  dateBounds: Array<{ operationId: string; field: string; bound: DateBound }>
  /** Request body fields with an `x-values-from`. */
  valuesFrom: Array<{ operationId: string; field: string; from: ValuesFrom }>
  /** By operationId; an operation without effects is absent. */
  effects: Record<string, Effect[]>
  /** By the component name of the status schema. */
  lifecycles: Record<string, Lifecycle>
  bodyLimit: { maxBytes: number } | null
  lifetimes: Lifetimes | null
  unsupportedMethods: { status: 405; header: 'Allow' } | null
  /** The `Email` schema's pattern. */
  emailPattern: string | null
}

export type RuleExtension = keyof typeof definitions.$defs
export const RULE_EXTENSIONS = Object.keys(definitions.$defs) as RuleExtension[]

/** A malformed `x-` rule: where, and what is wrong, in one line. */
export class ContractRuleError extends Error {
  override name = 'ContractRuleError'
}

type Definition = JsonObject

/**
 * What is wrong with `value` against an extension's definition, or null. Interprets the small
 * part of JSON Schema the definitions use (type, enum, const, required, additionalProperties,
 * minimum, maximum, minItems, uniqueItems, anyOf), so that it runs anywhere the model runs, the
 * browser included, without compiling schemas.
 */
export function ruleShapeProblem(
  extension: RuleExtension,
  value: unknown,
  at = extension as string,
): string | null {
  return problemOf(definitions.$defs[extension] as Definition, value, at)
}

function problemOf(definition: Definition, value: unknown, at: string): string | null {
  const own = ownProblemOf(definition, value, at)
  if (own || !Array.isArray(definition.anyOf)) return own
  const problems: string[] = []
  for (const alternative of definition.anyOf) {
    const problem = problemOf(isJsonObject(alternative) ? alternative : {}, value, at)
    if (problem === null) return null
    problems.push(problem)
  }
  return problems.join(' or ')
}

function ownProblemOf(definition: Definition, value: unknown, at: string): string | null {
  if (Array.isArray(definition.enum) && !definition.enum.includes(value)) {
    return `${at} must be one of ${definition.enum.map((each) => JSON.stringify(each)).join(', ')}`
  }
  if ('const' in definition && value !== definition.const) {
    return `${at} must be ${JSON.stringify(definition.const)}`
  }
  switch (definition.type) {
    case 'integer':
    case 'number': {
      if (typeof value !== 'number' || (definition.type === 'integer' && !Number.isInteger(value)))
        return `${at} must be ${definition.type === 'integer' ? 'an integer' : 'a number'}`
      if (typeof definition.minimum === 'number' && value < definition.minimum)
        return `${at} must be at least ${definition.minimum}`
      if (typeof definition.maximum === 'number' && value > definition.maximum)
        return `${at} must be at most ${definition.maximum}`
      return null
    }
    case 'string':
      if (typeof value !== 'string') return `${at} must be a string`
      if (typeof definition.minLength === 'number' && value.length < definition.minLength)
        return `${at} must not be empty`
      return null
    case 'boolean':
      return typeof value === 'boolean' ? null : `${at} must be true or false`
    case 'array': {
      if (!Array.isArray(value)) return `${at} must be a list`
      if (typeof definition.minItems === 'number' && value.length < definition.minItems)
        return `${at} must have at least ${definition.minItems} item(s)`
      if (
        definition.uniqueItems === true &&
        new Set(value.map((each) => JSON.stringify(each))).size !== value.length
      )
        return `${at} must not repeat an item`
      const items = isJsonObject(definition.items) ? definition.items : {}
      for (const [index, item] of value.entries()) {
        const problem = problemOf(items, item, `${at}[${index}]`)
        if (problem) return problem
      }
      return null
    }
    case 'object': {
      if (!isJsonObject(value)) return `${at} must be an object`
      const properties = isJsonObject(definition.properties) ? definition.properties : {}
      const missing = missingOf(definition, value, at)
      if (missing) return missing
      for (const [key, item] of Object.entries(value)) {
        const property = properties[key]
        if (!isJsonObject(property)) {
          if (definition.additionalProperties === false) return `${at}.${key} is not a known field`
          continue
        }
        const problem = problemOf(property, item, `${at}.${key}`)
        if (problem) return problem
      }
      return null
    }
    default:
      // An `anyOf` alternative states only what it requires, without a type.
      return isJsonObject(value) ? missingOf(definition, value, at) : null
  }
}

function missingOf(definition: Definition, value: JsonObject, at: string): string | null {
  for (const key of Array.isArray(definition.required) ? definition.required : []) {
    if (!(String(key) in value)) return `${at}.${String(key)} is required`
  }
  return null
}

export function readExtension<T>(extension: RuleExtension, value: unknown, pointer: string): T {
  const problem = ruleShapeProblem(extension, value)
  if (problem) throw new ContractRuleError(`${pointer}: ${problem}`)
  return value as T
}

/** An operation's `x-rate-limits`, checked against its definition. */
export function rateLimitsOf(operation: JsonObject, pointer: string): RateLimit[] {
  const value = operation['x-rate-limits']
  if (value === undefined) return []
  return readExtension<RateLimit[]>('x-rate-limits', value, `${pointer}/x-rate-limits`)
}
