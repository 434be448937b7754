import { isJsonObject, type OpenApiDocument, stringList } from './document'
import { createOperationMatcher, type OperationMatcher } from './matcher'
import {
  apiPrefixesOf,
  describeOperations,
  fillPath,
  type Operation,
  responseFor,
} from './operations'
import type { SchemaValidator } from './validator'

/** The contract as every tool uses it: the document, its operations, a validator and a matcher. */
export type Contract = {
  document: OpenApiDocument
  validator: SchemaValidator
  operations: Operation[]
  byId: ReadonlyMap<string, Operation>
  /** The API prefixes every operation answers under (`/api`, `/api/v1`), from the servers. */
  prefixes: string[]
  /** Finds the operation of a concrete request: `match('GET', '/api/v1/environments/abc')`. */
  match: OperationMatcher
  /** Where the document was read from; undefined when built from a document in memory. */
  documentPath: string | undefined
  /** `dist/reference.html` next to the document when the package's build has made it. */
  referencePath: string | null
}

/** A contract read from a file: it knows where its document is. */
export type LoadedContract = Contract & { documentPath: string }

export type ContractOptions = {
  /** The schema checks; the main entry compiles them with Ajv at run time when none is given. */
  validator: SchemaValidator
  documentPath?: string
  referencePath?: string | null
}

/**
 * Builds the contract of a parsed document with the given validator. No file, no Node: the
 * portable entry and the main one (`contract-file.ts`) both build their contracts here.
 */
export function createContract(document: OpenApiDocument, options: ContractOptions): Contract {
  const prefixes = apiPrefixesOf(document)
  const operations = describeOperations(document, prefixes)
  return {
    document,
    validator: options.validator,
    operations,
    byId: new Map(operations.map((operation) => [operation.operationId, operation])),
    prefixes,
    match: createOperationMatcher(operations, prefixes),
    documentPath: options.documentPath,
    referencePath: options.referencePath ?? null,
  }
}

/** The operation of an id; throws when the contract has none (a programming error). */
export function operationOf(contract: Contract, operationId: string): Operation {
  const operation = contract.byId.get(operationId)
  if (!operation) throw new Error(`The contract has no operation ${operationId}`)
  return operation
}

/** How a request of an operation starts: its method as sent (`POST`) and its path, under no prefix. */
export type RequestLine = { method: string; path: string }

/**
 * The request line of an operation of the contract, its path parameters filled in:
 * `requestLineOf(contract, 'getEnvironment', { id })` is `GET /environments/<id>`. Tools address
 * operations by operationId; the contract they were given says where each one is.
 */
export function requestLineOf(
  contract: Contract,
  operationId: string,
  pathParams: Readonly<Record<string, string>> = {},
): RequestLine {
  const operation = operationOf(contract, operationId)
  return { method: operation.method.toUpperCase(), path: fillPath(operation.path, pathParams) }
}

/** True when the operation documents the status (exact, range or `default`). */
export function isDocumentedStatus(
  contract: Contract,
  operationId: string,
  status: number,
): boolean {
  return responseFor(operationOf(contract, operationId), status) !== undefined
}

/** The enum of a component schema (the regions), so no tool keeps a second list. */
export function componentEnum(contract: Contract, name: string): string[] {
  const schemas = contract.document.components?.schemas
  const schema = isJsonObject(schemas) ? schemas[name] : undefined
  return isJsonObject(schema) ? stringList(schema.enum) : []
}
