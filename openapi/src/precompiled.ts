import { OPENAPI_DOCUMENT } from './generated/document'
import { PRECOMPILED_CHECKS } from './generated/validators'
import { createValidator, type SchemaCheck, type SchemaValidator } from './validator'

const checks: Readonly<Record<string, SchemaCheck>> = PRECOMPILED_CHECKS

/** The schemas compiled ahead of time: every one the contract's model names (`namedSchemaKeys`). */
export const PRECOMPILED_SCHEMA_KEYS: readonly string[] = Object.keys(checks)

/**
 * The validator of this package's openapi.yaml over Ajv's standalone checks generated from it: no `new Function` at
 * run time, so it works under a CSP without 'unsafe-eval'. The interface is the run-time one's;
 * `validate()` at a pointer the contract does not name (inside a schema) throws "No schema at",
 * as it does for a pointer where the document has nothing.
 */
export function createPrecompiledValidator(): SchemaValidator {
  return createValidator(OPENAPI_DOCUMENT, (key) => checks[key])
}
