import { isJsonObject, type OpenApiDocument } from './document'

/** Turns `['paths', '/auth/auth', 'post']` into `#/paths/~1auth~1auth/post`. */
export function toJsonPointer(segments: readonly string[]): string {
  return `#${segments.map((segment) => `/${segment.replaceAll('~', '~0').replaceAll('/', '~1')}`).join('')}`
}

/** `#/paths/~1auth~1auth/post` back into its segments; only local pointers are supported. */
export function fromJsonPointer(pointer: string): string[] {
  if (!pointer.startsWith('#')) throw new Error(`Only local references are supported: ${pointer}`)
  const body = pointer.slice(1)
  if (body === '') return []
  return body
    .slice(1)
    .split('/')
    .map((segment) => decodeURIComponent(segment).replaceAll('~1', '/').replaceAll('~0', '~'))
}

/** A child pointer: `childPointer('#/paths', '/auth/auth')` is `#/paths/~1auth~1auth`. */
export function childPointer(parent: string, ...segments: string[]): string {
  return `${parent}${toJsonPointer(segments).slice(1)}`
}

/** Reads the value at a JSON pointer (`#/components/schemas/Error`). */
export function getAtPointer(document: OpenApiDocument, pointer: string): unknown {
  let current: unknown = document
  for (const segment of fromJsonPointer(pointer)) {
    if (Array.isArray(current)) current = current[Number(segment)]
    else if (isJsonObject(current)) current = current[segment]
    else return undefined
  }
  return current
}

export type Located = { value: unknown; pointer: string }

/** Follows local `$ref`s from a value found at `pointer`; answers the target and where it is. */
export function resolveReference(document: OpenApiDocument, located: Located): Located {
  let current = located
  const seen = new Set<string>()
  while (isJsonObject(current.value) && typeof current.value.$ref === 'string') {
    const target = current.value.$ref
    if (seen.has(target)) throw new Error(`Circular reference: ${target}`)
    seen.add(target)
    current = { value: getAtPointer(document, target), pointer: target }
  }
  return current
}
