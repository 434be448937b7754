import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'
import { isOpenApiDocument, type OpenApiDocument } from './document'

export const OPENAPI_DOCUMENT_URL = new URL('../openapi.yaml', import.meta.url)
export const OPENAPI_DOCUMENT_PATH = fileURLToPath(OPENAPI_DOCUMENT_URL)
/** The stub's development protocol (dev-protocol.yaml): not the contract, a document beside it. */
export const DEV_PROTOCOL_DOCUMENT_URL = new URL('../dev-protocol.yaml', import.meta.url)
export const DEV_PROTOCOL_DOCUMENT_PATH = fileURLToPath(DEV_PROTOCOL_DOCUMENT_URL)

/** Reads and parses openapi.yaml (next to this package's src/ and dist/ folders). */
export function loadOpenApiDocument(path: string = OPENAPI_DOCUMENT_PATH): OpenApiDocument {
  const parsed: unknown = parse(readFileSync(path, 'utf8'))
  if (!isOpenApiDocument(parsed)) {
    throw new Error(`${path} is not an OpenAPI document`)
  }
  return parsed
}
