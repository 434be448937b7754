import type { ActionType } from 'api-smart-diff'

// Which way a schema keyword's change goes: allowing less (tightened), allowing more (loosened),
// or neither to tell. Patterns are told apart where that can be done without guessing.

/** Keywords whose larger value allows less. */
export const LOWER_BOUNDS = new Set([
  'minimum',
  'exclusiveMinimum',
  'minLength',
  'minItems',
  'minProperties',
  'minContains',
])
/** Keywords whose smaller value allows less. */
export const UPPER_BOUNDS = new Set([
  'maximum',
  'exclusiveMaximum',
  'maxLength',
  'maxItems',
  'maxProperties',
  'maxContains',
])
/** Keywords that, added, allow less (and removed, more). */
export const RESTRICTIONS = new Set([
  'pattern',
  'format',
  'multipleOf',
  'uniqueItems',
  'contentEncoding',
  'contentMediaType',
  'propertyNames',
  'dependentRequired',
  'dependentSchemas',
  'if',
  'not',
])

export type Direction = 'tightened' | 'loosened' | 'changed'

/** Which way a keyword's change goes: allowing less, allowing more, or neither to tell. */
export function directionOf(
  keyword: string,
  action: ActionType,
  before: unknown,
  after: unknown,
  indexed: boolean,
): Direction {
  if (LOWER_BOUNDS.has(keyword) || UPPER_BOUNDS.has(keyword)) {
    if (action === 'add') return 'tightened'
    if (action === 'remove') return 'loosened'
    if (typeof before !== 'number' || typeof after !== 'number') return 'changed'
    const larger = after > before
    return LOWER_BOUNDS.has(keyword) === larger ? 'tightened' : 'loosened'
  }
  if (keyword === 'type') {
    if (indexed)
      return action === 'add' ? 'loosened' : action === 'remove' ? 'tightened' : 'changed'
    if (action === 'add') return 'tightened'
    if (action === 'remove') return 'loosened'
    const was = new Set([before].flat())
    const is = new Set([after].flat())
    // Every integer is a number: `integer` → `number` allows more.
    const within = (type: unknown, types: Set<unknown>) =>
      types.has(type) || (type === 'integer' && types.has('number'))
    if ([...was].every((type) => within(type, is))) return 'loosened'
    if ([...is].every((type) => within(type, was))) return 'tightened'
    return 'changed'
  }
  if (keyword === 'enum') {
    // A value added to a list allows more; the list itself added allows less.
    if (indexed)
      return action === 'add' ? 'loosened' : action === 'remove' ? 'tightened' : 'changed'
    return action === 'add' ? 'tightened' : action === 'remove' ? 'loosened' : 'changed'
  }
  if (keyword === 'oneOf' || keyword === 'anyOf') {
    if (!indexed) return 'changed'
    return action === 'add' ? 'loosened' : action === 'remove' ? 'tightened' : 'changed'
  }
  if (keyword === 'allOf') {
    if (!indexed) return 'changed'
    return action === 'add' ? 'tightened' : action === 'remove' ? 'loosened' : 'changed'
  }
  if (keyword === 'additionalProperties' || keyword === 'unevaluatedProperties') {
    if (action === 'add' || after === false) return 'tightened'
    if (action === 'remove' || before === false) return 'loosened'
    return 'changed'
  }
  if (keyword === 'nullable') return after === true ? 'loosened' : 'tightened'
  if (keyword === 'const')
    return action === 'add' ? 'tightened' : action === 'remove' ? 'loosened' : 'changed'
  if (RESTRICTIONS.has(keyword))
    return action === 'remove' ? 'loosened' : action === 'add' ? 'tightened' : 'changed'
  return 'changed'
}

/** Patterns that match every string: one of them is as good as none. */
const UNIVERSAL_PATTERNS = new Set(['', '.*', '^.*', '.*$', '^.*$', '[\\s\\S]*', '^[\\s\\S]*$'])

const anchorsOf = (pattern: string) =>
  Number(pattern.startsWith('^')) + Number(pattern.endsWith('$') && !pattern.endsWith('\\$'))
const unanchored = (pattern: string) => pattern.replace(/^\^/, '').replace(/\$$/, '')

/**
 * Which way a pattern's change goes where that can be told: to or from a pattern that matches
 * everything, or the same pattern with fewer anchors (it matches more). Otherwise unknown.
 */
export function patternDirection(action: ActionType, before: unknown, after: unknown): Direction {
  const was = action === 'add' ? undefined : String(before)
  const is = action === 'remove' ? undefined : String(after)
  const allowsAll = (pattern: string | undefined) =>
    pattern === undefined || UNIVERSAL_PATTERNS.has(pattern)
  if (allowsAll(is)) return allowsAll(was) ? 'changed' : 'loosened'
  if (allowsAll(was)) return 'tightened'
  if (was !== undefined && is !== undefined && unanchored(was) === unanchored(is))
    return anchorsOf(is) < anchorsOf(was) ? 'loosened' : 'tightened'
  if (was !== undefined && is !== undefined) return characterClassDirection(was, is)
  return 'changed'
}

/** `^[class]quantifier$`: a whole string of characters from one class. */
const ONE_CLASS = /^\^\[([^\]]+)\]([*+]|\{\d+(?:,\d*)?\})\$$/

/**
 * Two patterns of one character class each, with the same quantifier: the one whose class holds
 * fewer characters allows less. The classes are compared over the first 0x3000 code points (past
 * them a class of ranges is assumed alike); anything else is unknown.
 */
function characterClassDirection(was: string, is: string): Direction {
  const old = ONE_CLASS.exec(was)
  const now = ONE_CLASS.exec(is)
  if (!old || !now || old[2] !== now[2]) return 'changed'
  let oldClass: RegExp
  let newClass: RegExp
  try {
    oldClass = new RegExp(`^[${old[1]}]$`, 'u')
    newClass = new RegExp(`^[${now[1]}]$`, 'u')
  } catch {
    return 'changed'
  }
  let fewer = true
  let more = true
  for (let code = 0; code < 0x3000; code += 1) {
    const character = String.fromCodePoint(code)
    const before = oldClass.test(character)
    const after = newClass.test(character)
    if (after && !before) fewer = false
    if (before && !after) more = false
  }
  if (fewer && more) return 'changed'
  return fewer ? 'tightened' : more ? 'loosened' : 'changed'
}
