/**
 * @devenv/openapi: the API contract and the one model of it every tool uses. See README.md.
 * - document: loading openapi.yaml;
 * - pointer: JSON pointers and local `$ref`s;
 * - operations: the operations, each described once (paths under every prefix, parameters,
 *   body, examples, security, `x-rate-limits`, documented responses and required headers);
 * - schemas: following a schema's `$ref`s, its JSON types, `allOf` folded;
 * - validator: the validator's interface over compiled schema checks; ajv: Ajv (JSON Schema
 *   2020-12) compiling them at run time (the portable entry, `./portable`, precompiles them);
 * - contract: all of the above built once, with the matcher from (method, path) to operation;
 * - invalid-data: paths in a body and the one edit that breaks it, shared by both generators;
 * - judgement: the one answer judgement (status, media type, schema, required headers);
 * - coverage: which operations, documented statuses and examples a run exercised.
 */
export { ajvSchemaId, createAjv, createSchemaValidator, DOCUMENT_ID } from './ajv'
export {
  type Contract,
  type ContractOptions,
  componentEnum,
  isDocumentedStatus,
  type LoadedContract,
  operationOf,
} from './contract'
export { createContract, loadContract } from './contract-file'
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
export { loadOpenApiDocument, OPENAPI_DOCUMENT_PATH, OPENAPI_DOCUMENT_URL } from './document-file'
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
  createValidator,
  namedSchemaKeys,
  type SchemaCheck,
  type SchemaCheckLookup,
  type SchemaError,
  type SchemaValidator,
  schemaKey,
  type ValidationResult,
} from './validator'
