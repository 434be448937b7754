import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isJsonObject } from './document'
import { loadOpenApiDocument, OPENAPI_DOCUMENT_PATH } from './document-file'

describe('loading the document', () => {
  it('reads openapi.yaml next to the package', () => {
    const document = loadOpenApiDocument()
    expect(document.openapi).toMatch(/^3\.1/)
    expect(OPENAPI_DOCUMENT_PATH.endsWith('openapi.yaml')).toBe(true)
  })

  it('refuses a file that is not an OpenAPI document, naming it', () => {
    const path = join(tmpdir(), `not-openapi-${process.pid}.yaml`)
    writeFileSync(path, 'hello: world\n')
    expect(() => loadOpenApiDocument(path)).toThrow(`${path} is not an OpenAPI document`)
  })

  it('tells objects from arrays and null', () => {
    expect(isJsonObject({})).toBe(true)
    expect(isJsonObject([])).toBe(false)
    expect(isJsonObject(null)).toBe(false)
  })
})
