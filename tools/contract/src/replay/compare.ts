// An answer against the one recorded for the same step: status, the headers the contract
// documents, the body's fields. What differs is drift unless it is noise: a value a later step
// took again, a `uuid` or `date-time` of the contract, or a field learned to differ between two
// answers of one build (Diffy's primary and secondary). See docs/replay.md.
import {
  type Contract,
  childPointer,
  formatPointers,
  isJsonObject,
  jsonTypeOf,
  mediaTypeOf,
  readHeader,
  responseFor,
  schemaAtPointer,
} from '@devenv/openapi'
import type { Answer } from '../http'
import type { RecordedMessage } from './format'

/** The formats whose values two answers of one build never share. */
export const NOISY_FORMATS: ReadonlySet<string> = new Set(['uuid', 'date-time'])

/** One place an answer differs from the recorded one. */
export type Difference = {
  /** `status`, `header content-type`, or a JSON pointer of the body (`` for the whole). */
  field: string
  recorded: unknown
  replayed: unknown
}

/** A field's pointer with its array indices as `*`: noise is learned per field, not per item. */
export const fieldPattern = (pointer: string): string => pointer.replace(/\/\d+(?=\/|$)/g, '/*')

/** Where noise is kept: the operation (or request line), the status, the field's pattern. */
export const noiseKey = (what: string, status: number, field: string): string =>
  `${what} ${status} ${fieldPattern(field)}`

const ABSENT = '(absent)'

/**
 * Where the values of a documented answer's noisy formats stand, per operation and status:
 * the patterns of `formatPointers`, read once.
 */
export function formatNoise(contract: Contract) {
  const cache = new Map<string, ReadonlySet<string>>()
  return (operationId: string | undefined, status: number): ReadonlySet<string> => {
    const key = `${operationId} ${status}`
    const known = cache.get(key)
    if (known) return known
    const operation = operationId === undefined ? undefined : contract.byId.get(operationId)
    const response = operation && responseFor(operation, status)
    const pointer = response && Object.values(response.schemaPointers)[0]
    const patterns = new Set(
      pointer
        ? formatPointers(
            contract.document,
            schemaAtPointer(contract.document, pointer).schema,
            NOISY_FORMATS,
          ).keys()
        : [],
    )
    cache.set(key, patterns)
    return patterns
  }
}

/**
 * Where the replayed answer differs from the recorded one (its placeholders already filled):
 * `noise(field)` says which fields may differ in value so long as their JSON type agrees.
 */
export function differencesOf(
  recorded: RecordedMessage & { status: number },
  replayed: Pick<Answer, 'status' | 'headers' | 'json' | 'text'>,
  noise: (field: string, recorded?: unknown) => boolean,
): Difference[] {
  const found: Difference[] = []
  if (recorded.status !== replayed.status) {
    // A status two answers of one build disagree on (a window full when replayed faster than
    // it was recorded) leaves nothing of the two answers to compare.
    if (noise('status')) return found
    found.push({ field: 'status', recorded: recorded.status, replayed: replayed.status })
  }
  for (const [name, value] of Object.entries(recorded.headers)) {
    const now = readHeader(replayed.headers, name)
    // Only a header's presence counts, and the content type's media type: values such as
    // Retry-After's seconds differ between any two answers.
    if (now === undefined)
      found.push({ field: `header ${name}`, recorded: value, replayed: ABSENT })
    else if (name === 'content-type' && mediaTypeOf(value) !== mediaTypeOf(now))
      found.push({
        field: `header ${name}`,
        recorded: mediaTypeOf(value),
        replayed: mediaTypeOf(now),
      })
  }
  if (recorded.json !== undefined) compareJson(recorded.json, replayed.json, '', noise, found)
  else if (recorded.text !== undefined && recorded.text !== replayed.text && !noise(''))
    found.push({ field: '', recorded: recorded.text, replayed: replayed.text })
  return found
}

function compareJson(
  recorded: unknown,
  replayed: unknown,
  field: string,
  noise: (field: string, recorded?: unknown) => boolean,
  found: Difference[],
): void {
  // A noisy field is not compared at all: the contract's judgement holds its type and format.
  if (field !== '' && noise(field, recorded)) return
  if (replayed === undefined) {
    found.push({ field, recorded, replayed: ABSENT })
    return
  }
  const type = jsonTypeOf(recorded)
  if (
    type !== jsonTypeOf(replayed) &&
    !(typeof recorded === 'number' && typeof replayed === 'number')
  ) {
    found.push({ field, recorded, replayed })
    return
  }
  if (Array.isArray(recorded) && Array.isArray(replayed)) {
    if (recorded.length !== replayed.length && !noise(`${field}/length`))
      found.push({ field: `${field}/length`, recorded: recorded.length, replayed: replayed.length })
    const common = Math.min(recorded.length, replayed.length)
    for (let index = 0; index < common; index++)
      compareJson(recorded[index], replayed[index], `${field}/${index}`, noise, found)
    return
  }
  if (isJsonObject(recorded) && isJsonObject(replayed)) {
    for (const key of new Set([...Object.keys(recorded), ...Object.keys(replayed)])) {
      const child = childPointer(field, key)
      if (!(key in recorded))
        found.push({ field: child, recorded: ABSENT, replayed: replayed[key] })
      else compareJson(recorded[key], replayed[key], child, noise, found)
    }
    return
  }
  if (recorded !== replayed) found.push({ field, recorded, replayed })
}
