import { en, translate } from '@devenv/domain/messages'
import type { Operation, Parameter, SchemaError, SchemaValidator } from '@devenv/openapi'
import type { FieldErrors } from './errors'

// Catalogue sentences end with a period; field messages are joined with '. ' by the site.
export const sentence = (code: Parameters<typeof translate>[1]) =>
  translate(en, code).replace(/\.$/, '')

/** Messages for the contract's named schemas, keyed by component name and keyword. */
const COMPONENT_MESSAGES: Record<string, Partial<Record<string, string>>> = {
  Email: {
    // The contract's rule is its pattern; `format: email` says the same to tools that read formats.
    pattern: sentence('validation.emailInvalid'),
    format: sentence('validation.emailInvalid'),
    minLength: sentence('validation.emailInvalid'),
    maxLength: 'E-mail address must be at most 254 characters',
  },
  NewPassword: {
    minLength: sentence('validation.passwordTooShort'),
    maxLength: 'Password must be at most 128 characters long',
  },
  ResetPassword: {
    minLength: sentence('validation.passwordTooShort'),
    maxLength: 'Password must be at most 128 characters long',
  },
  SignInPassword: {
    minLength: sentence('validation.passwordRequired'),
    maxLength: 'Password must be at most 128 characters long',
  },
  ActivationToken: {
    '*': 'Activation token must be 32 to 128 URL-safe characters',
  },
  ResetHash: {
    '*': 'Reset hash must be 40 to 64 hexadecimal characters',
  },
  EnvironmentName: {
    '*': 'Name must be 3 to 40 lowercase letters, digits or hyphens, start with a letter and not end with a hyphen',
  },
  ResourceId: { '*': 'Must be a UUID' },
  RefreshToken: { '*': 'Refresh token must be 1 to 4096 URL-safe characters' },
}

function componentOf(schemaPath: string): string | undefined {
  return /#\/components\/schemas\/([^/]+)\/[^/]+$/.exec(schemaPath)?.[1]
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? 'an' : 'a'
}

function genericMessage(error: SchemaError): string {
  const { params } = error
  switch (error.keyword) {
    case 'required':
      return 'This field is required'
    case 'additionalProperties':
      return 'Unknown field'
    case 'type': {
      const type = String(params.type).replace(',', ' or ')
      return `Must be ${article(type)} ${type}`
    }
    case 'enum':
      return `Must be one of: ${(Array.isArray(params.allowedValues) ? params.allowedValues : []).join(', ')}`
    case 'const':
      return `Must be ${JSON.stringify(params.allowedValue)}`
    case 'minLength':
      return params.limit === 1
        ? 'Must not be empty'
        : `Must be at least ${String(params.limit)} characters`
    case 'maxLength':
      return `Must be at most ${String(params.limit)} characters`
    case 'minItems':
      return `Must have at least ${String(params.limit)} items`
    case 'maxItems':
      return `Must have at most ${String(params.limit)} items`
    case 'maxProperties':
      return `Must have at most ${String(params.limit)} properties`
    case 'uniqueItems':
      return 'Must not repeat items'
    case 'format':
      return formatMessage(String(params.format))
    case 'pattern':
      return 'Has an invalid format'
    case 'minimum':
    case 'maximum':
      return `Must be ${error.keyword === 'minimum' ? 'at least' : 'at most'} ${String(params.limit)}`
    default:
      return error.message.charAt(0).toUpperCase() + error.message.slice(1)
  }
}

function formatMessage(format: string): string {
  switch (format) {
    case 'email':
      return sentence('validation.emailInvalid')
    case 'date-time':
      return 'Must be an RFC 3339 date-time, e.g. 2025-07-11T09:30:00Z'
    case 'date':
      return 'Must be a date, YYYY-MM-DD'
    case 'uri':
      return 'Must be an absolute URL'
    case 'uuid':
      return 'Must be a UUID'
    default:
      return `Must be a valid ${format}`
  }
}

function messageOf(error: SchemaError, schemaPointer?: string): string {
  const component =
    componentOf(error.schemaPath) ?? componentOf(`${schemaPointer ?? ''}/${error.keyword}`)
  const special = component ? COMPONENT_MESSAGES[component] : undefined
  return special?.[error.keyword] ?? special?.['*'] ?? genericMessage(error)
}

/** `/messages/0/content` -> `messages.0.content`; the whole body is `body`. */
function fieldOf(error: SchemaError, root: string): string {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'))
  if (error.keyword === 'required' && typeof error.params.missingProperty === 'string') {
    path.push(error.params.missingProperty)
  }
  if (
    error.keyword === 'additionalProperties' &&
    typeof error.params.additionalProperty === 'string'
  ) {
    path.push(error.params.additionalProperty)
  }
  return path.length === 0 ? root : path.join('.')
}

// Combinators repeat what their branches already said; only keep them when nothing else speaks.
const SUMMARY_KEYWORDS = new Set(['oneOf', 'anyOf', 'allOf', 'if', 'not', 'propertyNames'])

/** Ajv errors -> `{ field: message }`, the first message per field, at most 50 fields. */
export function toFieldErrors(errors: SchemaError[], root = 'body'): FieldErrors {
  const specific = errors.filter((error) => !SUMMARY_KEYWORDS.has(error.keyword))
  const chosen = specific.length > 0 ? specific : errors
  const fields: FieldErrors = {}
  for (const error of chosen) {
    const field = fieldOf(error, root).slice(0, 128)
    // Own keys only: `in` also saw Object.prototype, so an unknown field named toString or
    // constructor went unnamed (found by fuzzing). defineProperty keeps __proto__ a plain key.
    if (!Object.hasOwn(fields, field) && Object.keys(fields).length < 50) {
      const wholeBodyMissing = field === root && error.keyword === 'required'
      Object.defineProperty(fields, field, {
        value: wholeBodyMissing ? 'The request body is required' : messageOf(error).slice(0, 500),
        enumerable: true,
        writable: true,
        configurable: true,
      })
    }
  }
  if (Object.keys(fields).length === 0) fields[root] = 'Is invalid'
  return fields
}

/** Turns the text of a parameter into the JSON type its schema declares; undefined if it cannot. */
export function coerceParameter(text: string, to: Parameter['coerceTo']): unknown {
  switch (to) {
    case 'integer':
    case 'number': {
      if (text.trim() === '') return text
      const value = Number(text)
      return Number.isFinite(value) ? value : text
    }
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : text
    default:
      return text
  }
}

/** Validates path and query parameters of one request; an empty result means valid. */
export function checkParameters(
  validator: SchemaValidator,
  specs: readonly Parameter[],
  values: { path: Record<string, unknown>; query: Record<string, unknown> },
): FieldErrors {
  const fields: FieldErrors = {}
  for (const spec of specs) {
    if (spec.in !== 'path' && spec.in !== 'query') continue
    const raw = values[spec.in][spec.name]
    if (raw === undefined) {
      if (spec.required) fields[spec.name] = 'This parameter is required'
      continue
    }
    const text = Array.isArray(raw) ? raw[0] : raw
    const result = validator.validate(
      spec.schemaPointer,
      coerceParameter(String(text), spec.coerceTo),
    )
    if (!result.valid) {
      const [first] = result.errors
      fields[spec.name] = first ? messageOf(first, spec.schemaPointer) : 'Is invalid'
    }
  }
  return fields
}

/**
 * The request body against the operation's schema, with the semantics of the validator's
 * validateRequestBody (absent body: fine unless required), but without its search of the
 * document on every call: the schema's place is known from start-up.
 */
export function checkBody(
  validator: SchemaValidator,
  operation: Operation,
  body: unknown,
): FieldErrors {
  if (body === undefined) {
    return operation.requestBodyRequired ? { body: 'The request body is required' } : {}
  }
  if (!operation.bodySchemaPointer) return { body: 'This operation takes no body' }
  const result = validator.validate(operation.bodySchemaPointer, body)
  return result.valid ? {} : toFieldErrors(result.errors)
}
