/** The first line of every module scripts/generate.ts writes, but openapi-typescript's own. */
export const GENERATED_HEADER =
  '// Generated from openapi/openapi.yaml by scripts/generate.ts. Do not edit.'
