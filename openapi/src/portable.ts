/**
 * @devenv/openapi/portable: the contract without Node and without `new Function`, for browsers
 * (the MSW stub under the site's Content-Security-Policy) and any other runtime.
 * - `OPENAPI_DOCUMENT`: openapi.yaml as data (generated; `pnpm --filter @devenv/openapi generate`);
 * - `createPrecompiledValidator`: Ajv's standalone checks of every schema the contract names;
 * - `loadPortableContract()`: both, built once; `createContract(document, { validator })` for
 *   another document in memory.
 * Everything else is what the main entry exports under the same names.
 */
import { type Contract, createContract } from './contract'
import { OPENAPI_DOCUMENT } from './generated/document'
import { createPrecompiledValidator } from './precompiled'

export {
  type Contract,
  type ContractOptions,
  componentEnum,
  createContract,
  isDocumentedStatus,
  type LoadedContract,
  operationOf,
} from './contract'
export {
  type ContractCoverage,
  type CoverageFigure,
  type CoverageRecorder,
  coverageFigures,
  createCoverageRecorder,
  type ExampleCoverage,
  type Exercised,
  mergeCoverage,
  type OperationCoverage,
  requestExampleOf,
  responseExampleOf,
  type StatusCoverage,
  uncalledOperations,
} from './coverage'
export {
  HTTP_METHODS,
  type HttpMethod,
  isJsonObject,
  isOpenApiDocument,
  type JsonObject,
  type OpenApiDocument,
  type SecurityRequirement,
  stringList,
} from './document'
export {
  applyEdit,
  type Edit,
  isPlainObject,
  labelOf,
  type Path,
  setAt,
} from './invalid-data'
export {
  type AnswerToJudge,
  type CapturedAnswer,
  captureAnswer,
  describeSchemaErrors,
  type HeaderSource,
  JUDGEMENT_STEPS,
  type Judgement,
  type JudgementResult,
  type JudgementStep,
  judgeAnswer,
  mediaTypeOf,
  problemsOf,
  readHeader,
} from './judgement'
export { createOperationMatcher, type OperationMatch, type OperationMatcher } from './matcher'
export {
  apiPrefixesOf,
  type DocumentedResponse,
  describeOperations,
  examplesOf,
  findDocumentedResponse,
  findOperation,
  findOperations,
  findRequiredResponseHeaders,
  findResponseKey,
  JSON_MEDIA_TYPE,
  type LocatedOperation,
  listOperations,
  type NamedExample,
  type Operation,
  type OperationSummary,
  type Parameter,
  type RateLimit,
  type RequiredHeader,
  responseFor,
  securityOf,
} from './operations'
export {
  childPointer,
  fromJsonPointer,
  getAtPointer,
  type Located,
  resolveReference,
  toJsonPointer,
} from './pointer'
export { createPrecompiledValidator, PRECOMPILED_SCHEMA_KEYS } from './precompiled'
export {
  codePointLength,
  jsonTypeOf,
  mergeAllOf,
  numberOr,
  type ResolvedSchema,
  resolveSchema,
  type Schema,
  schemaAtPointer,
  typesOf,
} from './schemas'
export {
  namedSchemaKeys,
  type SchemaCheck,
  type SchemaError,
  type SchemaValidator,
  schemaKey,
  type ValidationResult,
} from './validator'
export { OPENAPI_DOCUMENT }

let portable: Contract | undefined

/** This package's contract from data compiled ahead of time: no file read, no code generated. */
export function loadPortableContract(): Contract {
  portable ??= createContract(OPENAPI_DOCUMENT, {
    validator: createPrecompiledValidator(),
  })
  return portable
}
