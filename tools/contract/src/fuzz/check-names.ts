/**
 * The checks, named as Schemathesis names them, in the order the report lists them. Kept apart
 * from the checks themselves (checks.ts), so that the command line's options, and `diff` with
 * them, load none of the fuzzer's code.
 */
export const CHECKS = [
  'not_a_server_error',
  'status_code_conformance',
  'content_type_conformance',
  'response_schema_conformance',
  'response_headers_conformance',
  'negative_data_rejection',
  'positive_data_acceptance',
  'ignored_auth',
  'use_after_free',
] as const

export type CheckName = (typeof CHECKS)[number]
