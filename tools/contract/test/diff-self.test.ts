import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { isOpenApiDocument } from '@devenv/openapi'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { diffContracts } from '../src/diff'

// A document against itself has no change: every OpenAPI document under test/, and the contract
// and the development protocol of openapi/. Each is also diffed against a copy whose keys are in
// reverse order, which means the same.

const HERE = import.meta.dirname
const OPENAPI = join(HERE, '../../../openapi')

function documentsUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ya?ml|json)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
}

const read = (file: string): unknown => parse(readFileSync(file, 'utf8'))

const DOCUMENTS = [
  ...documentsUnder(HERE),
  join(OPENAPI, 'openapi.yaml'),
  join(OPENAPI, 'dev-protocol.yaml'),
].filter((file) => isOpenApiDocument(read(file)))

/** The same value with every object's keys in reverse order. */
function reversed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversed)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, child]) => [key, reversed(child)]),
  )
}

describe('a self-diff is empty', () => {
  it('finds the documents (the contract and the test fixtures)', () => {
    expect(DOCUMENTS.length).toBeGreaterThanOrEqual(3)
  })

  it.each(DOCUMENTS.map((file) => [relative(join(HERE, '../../..'), file), file]))(
    '%s against itself',
    (_, file) => {
      const document = read(file)
      expect(diffContracts(document, read(file)).changes).toEqual([])
      expect(diffContracts(document, reversed(document)).changes).toEqual([])
    },
  )
})
