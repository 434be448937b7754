/**
 * The shared ground of invalid-data generation: where a value sits in a body (a path), how a
 * valid body is broken there (one edit), and how that is named. The runner's negative checks
 * (tools/contract generators) and the fuzzer's breakers (tools/reliability) both build on it.
 */

/** Where a value sits in a JSON body: property names and array indexes. */
export type Path = ReadonlyArray<string | number>

/** One change to a body: a value set at a path, or the value there removed. */
export type Edit = { kind: 'set'; value: unknown } | { kind: 'delete' }

/** `messages.0.content`; the whole body is `body`. */
export const labelOf = (path: Path): string => (path.length === 0 ? 'body' : path.join('.'))

/** A plain JSON object (not an array, not an instance of a class). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const prototype: unknown = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}

/**
 * A copy of `root` with the edit made at `path`; missing containers are created (an array for
 * an index, an object for a name). The input is never changed.
 */
export function applyEdit(root: unknown, path: Path, edit: Edit): unknown {
  if (path.length === 0) return edit.kind === 'set' ? edit.value : undefined
  const [head, ...rest] = path
  if (head === undefined) return root
  if (typeof head === 'number') {
    const list = Array.isArray(root) ? [...root] : []
    if (rest.length === 0 && edit.kind === 'delete') list.splice(head, 1)
    else list[head] = applyEdit(list[head], rest, edit)
    return list
  }
  const copy: Record<string, unknown> = isPlainObject(root) ? { ...root } : {}
  if (rest.length === 0 && edit.kind === 'delete') delete copy[head]
  // defineProperty: a key such as __proto__ must become an own field, as JSON.parse would make it.
  else
    Object.defineProperty(copy, head, {
      value: applyEdit(copy[head], rest, edit),
      enumerable: true,
      writable: true,
      configurable: true,
    })
  return copy
}

/** `applyEdit` with `undefined` meaning "remove": a copy of `root` with `value` at `path`. */
export function setAt(root: unknown, path: Path, value: unknown): unknown {
  return applyEdit(root, path, value === undefined ? { kind: 'delete' } : { kind: 'set', value })
}
