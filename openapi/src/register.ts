import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'
import { isJsonObject, type OpenApiDocument } from './document'
import type { ContractRules, PasswordPolicy, RuleExtension } from './extensions'
import { findOperations } from './operations'
import { readContractRules } from './rules'

// One id for every rule of the contract, so that checks cite what they test and a run counts the
// rules it covered, not only the statuses. A rule stated as data (an `x-` extension) gets an id
// made from where it is; a rule that stays prose gets one in rule-register.yaml, beside
// openapi.yaml. Reads files: Node only (the portable entry does not export it).

/**
 * `<extension>[:<place>][:<part>]`, the id of a rule stated as data (`x-rate-limits:signIn:lock`);
 * or `<area>.<rule>`, lower case, the id of a prose rule of the register. Upper-case ids are the
 * product's requirements (docs/requirements.md), never a contract rule.
 */
export type RuleId = string

export const DATA_RULE_ID =
  /^x-[a-z][a-z-]*(:[A-Za-z][A-Za-z0-9]*(\.[A-Za-z0-9-]+)?)?(:[a-zA-Z][a-zA-Z0-9-]*(\.[a-z0-9-]+)?)?$/
export const PROSE_RULE_ID = /^[a-z][a-z0-9]*(-[a-z0-9]+)*\.[a-z0-9]+(-[a-z0-9]+)*$/

/** Whether `id` has the shape of a rule id (of data or of the register); not whether it exists. */
export const isRuleId = (id: string): boolean => DATA_RULE_ID.test(id) || PROSE_RULE_ID.test(id)

/** A prose rule of the register. */
export type RegisteredRule = {
  id: RuleId
  /** The operations it binds, by operationId; none for a rule of the whole API. */
  operations: string[]
  /** The contract's words, quoted exactly (whitespace aside). */
  sentence: string
  /** Why no black-box check can observe it; such a rule is listed, never counted as covered. */
  gap?: string
  /**
   * `<choice>.<option>`: the rule holds only for a server that takes this option of a choice the
   * contract leaves open (`account-answers.alike`); a run that saw another option leaves it out.
   */
  branch?: string
}

/** A rule of the contract, of either kind, as the coverage lists it. */
export type ContractRule = {
  id: RuleId
  operations: string[]
  /** A rule stated as data: its extension. */
  extension?: RuleExtension
  /** A prose rule: its sentence. */
  sentence?: string
  gap?: string
  branch?: string
}

/** The separately testable sentences of a password policy, each a part of its id. */
function passwordParts(policy: PasswordPolicy): string[] {
  return [
    'minLength',
    ...(policy.strength ? ['strength'] : []),
    ...(policy.require ?? []).map((item) => `require.${item}`),
    ...(policy.refuseCommon ? ['refuseCommon'] : []),
  ]
}

/** The ids of the rules stated as data, in the order of the document's "Rules as data". */
export function dataRuleIds(rules: ContractRules): RuleId[] {
  const ids: RuleId[] = []
  for (const [operationId, limits] of Object.entries(rules.rateLimits))
    for (const limit of limits)
      ids.push(
        `x-rate-limits:${operationId}:${limit.kind === 'lock' ? 'lock' : `window.${limit.scope}`}`,
      )
  for (const { operationId, field, policy } of rules.passwordFields)
    for (const part of passwordParts(policy))
      ids.push(`x-password-policy:${operationId}.${field}:${part}`)
  for (const operationId of Object.keys(rules.quotas)) ids.push(`x-quota:${operationId}`)
  for (const operationId of Object.keys(rules.uniques)) ids.push(`x-unique:${operationId}`)
  for (const [operationId, effects] of Object.entries(rules.effects))
    for (const effect of effects) {
      if (effect.revokes) ids.push(`x-effects:${operationId}:revokes.${effect.revokes}`)
      if (effect.resets) ids.push(`x-effects:${operationId}:resets.${effect.resets}`)
    }
  for (const { operationId, field } of rules.dateBounds)
    ids.push(`x-date-bound:${operationId}.${field}`)
  for (const { operationId, field } of rules.valuesFrom)
    ids.push(`x-values-from:${operationId}.${field}`)
  for (const schema of Object.keys(rules.lifecycles)) ids.push(`x-lifecycle:${schema}`)
  if (rules.bodyLimit) ids.push('x-body-limit')
  if (rules.lifetimes)
    for (const lifetime of Object.keys(rules.lifetimes)) ids.push(`x-lifetimes:${lifetime}`)
  if (rules.unsupportedMethods) ids.push('x-unsupported-methods')
  return [...new Set(ids)]
}

/** The extension of a rule id (`x-quota`), or undefined for a prose rule. */
export function extensionOfRule(id: RuleId): string | undefined {
  return id.startsWith('x-') ? id.split(':')[0] : undefined
}

/** Whether a rule id is of an extension (`x-lifetimes:accessToken` is of `x-lifetimes`). */
export const ruleIsOf = (id: RuleId, extension: string): boolean =>
  id === extension || id.startsWith(`${extension}:`)

export const RULE_REGISTER_URL = new URL('../rule-register.yaml', import.meta.url)
export const RULE_REGISTER_PATH = fileURLToPath(RULE_REGISTER_URL)

/** A register that does not have its documented shape: where, and what is wrong. */
export class RuleRegisterError extends Error {
  override name = 'RuleRegisterError'
}

function registeredRule(value: unknown, at: string): RegisteredRule {
  if (!isJsonObject(value)) throw new RuleRegisterError(`${at} must be an object`)
  const { id, operations, sentence, gap, branch, ...unknown } = value
  const extra = Object.keys(unknown)[0]
  if (extra !== undefined) throw new RuleRegisterError(`${at}.${extra} is not a known field`)
  if (typeof id !== 'string' || !PROSE_RULE_ID.test(id))
    throw new RuleRegisterError(`${at}.id must be a lower-case <area>.<rule> (got ${String(id)})`)
  if (!Array.isArray(operations) || operations.some((each) => typeof each !== 'string'))
    throw new RuleRegisterError(`${id}: operations must be a list of operationIds`)
  if (typeof sentence !== 'string' || sentence.trim() === '')
    throw new RuleRegisterError(`${id}: sentence must quote the contract`)
  if (gap !== undefined && (typeof gap !== 'string' || gap.trim() === ''))
    throw new RuleRegisterError(`${id}: gap, when given, says why no check can observe the rule`)
  if (branch !== undefined && (typeof branch !== 'string' || !RULE_BRANCH.test(branch)))
    throw new RuleRegisterError(`${id}: branch, when given, is <choice>.<option> in lower case`)
  return {
    id,
    operations: operations as string[],
    sentence,
    ...(gap === undefined ? {} : { gap }),
    ...(branch === undefined ? {} : { branch }),
  }
}

const RULE_BRANCH = /^[a-z]+(-[a-z]+)*\.[a-z]+(-[a-z]+)*$/

/** Reads a register's text; throws `RuleRegisterError` naming the entry that is malformed. */
export function parseRuleRegister(text: string): RegisteredRule[] {
  const parsed: unknown = parse(text)
  if (!isJsonObject(parsed) || !Array.isArray(parsed.rules))
    throw new RuleRegisterError('the register must hold a list `rules`')
  const rules = parsed.rules.map((rule, index) => registeredRule(rule, `rules[${index}]`))
  const seen = new Set<string>()
  for (const { id } of rules) {
    if (seen.has(id)) throw new RuleRegisterError(`${id} is registered twice`)
    seen.add(id)
  }
  return rules
}

const registers = new Map<string, RegisteredRule[]>()

/** The prose rules of rule-register.yaml (or of the register at `path`), read once per process. */
export function ruleRegister(path: string = RULE_REGISTER_PATH): RegisteredRule[] {
  const known = registers.get(path)
  if (known) return known
  const rules = parseRuleRegister(readFileSync(path, 'utf8'))
  registers.set(path, rules)
  return rules
}

/** Text with every run of whitespace one space: a sentence quoted across a line break still matches. */
export const normaliseProse = (text: string): string => text.replace(/\s+/g, ' ').trim()

/** Every description and summary of the document, each normalised, one a line. */
export function proseOf(document: OpenApiDocument): string {
  const texts: string[] = []
  const visit = (value: unknown, key: string | undefined): void => {
    if (typeof value === 'string') {
      if (key === 'description' || key === 'summary') texts.push(normaliseProse(value))
    } else if (Array.isArray(value)) for (const item of value) visit(item, undefined)
    else if (isJsonObject(value))
      for (const [name, item] of Object.entries(value)) visit(item, name)
  }
  visit(document, undefined)
  return texts.join('\n')
}

/**
 * Every rule of a contract: those stated as data, then the register's prose rules that apply to
 * it (their operations exist and their sentence is in its text), so that another version of the
 * contract is held to the rules it states and no others.
 */
export function contractRuleIds(
  document: OpenApiDocument,
  register?: readonly RegisteredRule[],
): readonly ContractRule[] {
  // The register of this package is read once, and a document's rules with it once: the run's
  // coverage and its checks both ask for them.
  if (register !== undefined) return rulesOfContract(document, register)
  let rules = rulesByDocument.get(document)
  if (!rules) {
    rules = rulesOfContract(document, ruleRegister())
    rulesByDocument.set(document, rules)
  }
  return rules
}

const rulesByDocument = new WeakMap<OpenApiDocument, readonly ContractRule[]>()

function rulesOfContract(
  document: OpenApiDocument,
  register: readonly RegisteredRule[],
): readonly ContractRule[] {
  const data = dataRuleIds(readContractRules(document)).map(
    (id): ContractRule => ({
      id,
      operations: dataRuleOperations(id),
      extension: extensionOfRule(id) as RuleExtension,
    }),
  )
  const operationIds = new Set(
    findOperations(document).flatMap(({ operation }) =>
      typeof operation.operationId === 'string' ? [operation.operationId] : [],
    ),
  )
  const prose = proseOf(document)
  const registered = register
    .filter(
      (rule) =>
        rule.operations.every((operationId) => operationIds.has(operationId)) &&
        prose.includes(normaliseProse(rule.sentence)),
    )
    .map(
      (rule): ContractRule => ({
        id: rule.id,
        operations: rule.operations,
        sentence: rule.sentence,
        ...(rule.gap === undefined ? {} : { gap: rule.gap }),
        ...(rule.branch === undefined ? {} : { branch: rule.branch }),
      }),
    )
  return [...data, ...registered]
}

/** The operation a data rule's place names (`signIn` of `x-rate-limits:signIn:lock`), if any. */
function dataRuleOperations(id: RuleId): string[] {
  const [extension, place] = id.split(':')
  if (place === undefined || extension === 'x-lifecycle' || extension === 'x-lifetimes') return []
  return [place.split('.')[0] as string]
}
