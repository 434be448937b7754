import Ajv2020, { type Options } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
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
