// Search parameters are typed by hand, not by a schema library: the root route reads them on every
// page, so what it imports is part of every first load (zod/mini alone was ~6 KB brotli there).

/** A search parameter kept only when it is a non-empty string of at most maxLength characters. */
export function searchText(value: unknown, maxLength: number): string | undefined {
  return typeof value === 'string' && value !== '' && value.length <= maxLength ? value : undefined
}

/** A search parameter kept only when it is one of the given values. */
export function searchChoice<T extends string>(
  value: unknown,
  choices: readonly T[],
): T | undefined {
  return choices.find((choice) => choice === value)
}
