import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { createSchemaValidator } from './ajv'
import {
  type Contract,
  type ContractOptions,
  createContract as createContractWith,
  type LoadedContract,
} from './contract'
import type { OpenApiDocument } from './document'
import { loadOpenApiDocument, OPENAPI_DOCUMENT_PATH } from './document-file'

/**
 * Builds the contract of a parsed document (the validator's compilation is the slow part): Ajv
 * compiles at run time unless a validator is given; the reference page is found next to the
 * document when there is one.
 */
export function createContract(
  document: OpenApiDocument,
  options: Partial<ContractOptions> = {},
): Contract {
  const { documentPath } = options
  const reference = documentPath ? join(dirname(documentPath), 'dist', 'reference.html') : undefined
  return createContractWith(document, {
    validator: options.validator ?? createSchemaValidator(document),
    ...(documentPath ? { documentPath } : {}),
    referencePath: options.referencePath ?? (reference && existsSync(reference) ? reference : null),
  })
}

const loaded = new Map<string, LoadedContract>()

/** Reads and builds the contract at `path` (openapi.yaml of this package by default), once per process. */
export function loadContract(path: string = OPENAPI_DOCUMENT_PATH): LoadedContract {
  const known = loaded.get(path)
  if (known) return known
  const contract = {
    ...createContract(loadOpenApiDocument(path), { documentPath: path }),
    documentPath: path,
  }
  loaded.set(path, contract)
  return contract
}
