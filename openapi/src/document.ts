import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'

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

export const OPENAPI_DOCUMENT_URL = new URL('../openapi.yaml', import.meta.url)
export const OPENAPI_DOCUMENT_PATH = fileURLToPath(OPENAPI_DOCUMENT_URL)

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function stringList(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : []
}

/** Reads and parses openapi.yaml (next to this package's src/ and dist/ folders). */
export function loadOpenApiDocument(path: string = OPENAPI_DOCUMENT_PATH): OpenApiDocument {
  const parsed: unknown = parse(readFileSync(path, 'utf8'))
  if (!isOpenApiDocument(parsed)) {
    throw new Error(`${path} is not an OpenAPI document`)
  }
  return parsed
}

function isOpenApiDocument(value: unknown): value is OpenApiDocument {
  return (
    isJsonObject(value) &&
    typeof value.openapi === 'string' &&
    isJsonObject(value.info) &&
    isJsonObject(value.paths)
  )
}
