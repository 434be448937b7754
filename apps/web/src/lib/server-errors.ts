import type { ValidationErrors } from '@devenv/api-client'

/**
 * A 400's `errors` split into the fields that show them and the rest (shown above the button).
 * `fieldOf` names the form's field for a contract key, or none.
 */
export function splitServerErrors<Field extends string>(
  errors: ValidationErrors | undefined,
  fieldOf: (key: string) => Field | undefined,
): { fields: Partial<Record<Field, string>>; other: string[] } {
  const fields: Partial<Record<Field, string>> = {}
  const other: string[] = []
  for (const [key, message] of Object.entries(errors ?? {})) {
    const field = fieldOf(key)
    if (field) fields[field] = message
    else other.push(message)
  }
  return { fields, other }
}
