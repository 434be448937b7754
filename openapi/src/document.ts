export type JsonObject = { [key: string]: unknown }

export type SecurityRequirement = Record<string, string[]>

/** The parsed contract, typed only as far as this library relies on it. */
export type OpenApiDocument = JsonObject & {
  openapi: string
  info: JsonObject & { title: string; version: string }
  paths: Record<string, JsonObject>
  components?: JsonObject
  security?: SecurityRequirement[]
  servers?: JsonObject[]
}

export const HTTP_METHODS = [
  'get',
  'put',
  'post',
  'delete',
  'options',
  'head',
  'patch',
  'trace',
] as const

export type HttpMethod = (typeof HTTP_METHODS)[number]

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function stringList(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : []
}

/** True for a parsed value that has what this library relies on (`openapi`, `info`, `paths`). */
export function isOpenApiDocument(value: unknown): value is OpenApiDocument {
  return (
    isJsonObject(value) &&
    typeof value.openapi === 'string' &&
    isJsonObject(value.info) &&
    isJsonObject(value.paths)
  )
}
