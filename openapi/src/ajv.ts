import Ajv2020, { type Options } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { fullFormats } from 'ajv-formats/dist/formats.js'
import type { OpenApiDocument } from './document'
import { createValidator, type SchemaValidator } from './validator'

/** The `$id` the document is added under, so its own `#/components/...` references resolve. */
export const DOCUMENT_ID = 'https://devenv.example/openapi.json'

/**
 * The one Ajv set-up (JSON Schema 2020-12, the dialect of OpenAPI 3.1) behind both validators:
 * compiled at run time here, and ahead of time by `scripts/generate.ts`.
 * `extra` adds options that change how the code is emitted, never what it judges.
 */
export function createAjv(document: OpenApiDocument, extra: Options = {}): Ajv2020 {
  // OpenAPI documents are not strict JSON Schema (keywords such as `example`, unknown formats in
  // other documents): strict mode would reject them.
  const ajv = new Ajv2020({ strict: false, allErrors: true, ...extra })
  ajv.addVocabulary(['example', 'xml', 'externalDocs', 'discriminator'])
  addFormats(ajv)
  ajv.addSchema({ ...document, $id: DOCUMENT_ID })
  return ajv
}

/** Ajv's id of the schema at a (normalised) pointer: each segment %-escaped, as Ajv expects. */
export function ajvSchemaId(key: string): string {
  const encoded = key
    .split('/')
    .map((segment, index) => (index === 0 ? segment : encodeURIComponent(segment)))
    .join('/')
  return `${DOCUMENT_ID}${encoded}`
}

/**
 * Builds a validator over the document that compiles each schema with Ajv on first use. Ajv's
 * compiler uses `new Function`: fine in Node, refused by a Content-Security-Policy without
 * 'unsafe-eval' (the site's); browsers use `createPrecompiledValidator` instead.
 */
export function createSchemaValidator(document: OpenApiDocument): SchemaValidator {
  const ajv = createAjv(document)
  return createValidator(document, (key) => ajv.getSchema(ajvSchemaId(key)))
}

/**
 * Whether `value` is of the string `format` as the validator checks it (ajv-formats' full mode,
 * which `createAjv` adds); false for a format it does not know. For a value no schema places:
 * the replay tells a `uuid` or `date-time` in an answer outside the contract by this.
 */
export function matchesFormat(format: string, value: string): boolean {
  const known: unknown = (fullFormats as Record<string, unknown>)[format]
  const check =
    known !== null && typeof known === 'object' && 'validate' in known ? known.validate : known
  if (check instanceof RegExp) return check.test(value)
  return typeof check === 'function' ? Boolean(check(value)) : false
}
