/**
 * @devenv/openapi: the API contract and the one model of it every tool uses. See README.md.
 * - document: loading openapi.yaml;
 * - pointer: JSON pointers and local `$ref`s;
 * - operations: the operations, each described once (paths under every prefix, parameters,
 *   body, examples, security, `x-rate-limits`, documented responses and required headers);
 * - schemas: following a schema's `$ref`s, its JSON types, `allOf` folded;
 * - validator: Ajv (JSON Schema 2020-12) over the document;
 * - contract: all of the above built once, with the matcher from (method, path) to operation;
 * - invalid-data: paths in a body and the one edit that breaks it, shared by both generators;
 * - judgement: the one answer judgement (status, media type, schema, required headers);
 * - coverage: which operations, documented statuses and examples a run exercised.
 */
export {
  type Contract,
  componentEnum,
  createContract,
  isDocumentedStatus,
  type LoadedContract,
  loadContract,
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
  type JsonObject,
  loadOpenApiDocument,
  OPENAPI_DOCUMENT_PATH,
  OPENAPI_DOCUMENT_URL,
  type OpenApiDocument,
  type SecurityRequirement,
  stringList,
} from './document'
export {
  applyEdit,
  type BodySite,
  type Breakage,
  bodySites,
  breakagesAt,
  CHECKED_FORMATS,
  type Constraint,
  type Edit,
  invalidVariants,
  isPlainObject,
  labelOf,
  nearMisses,
  type Path,
  setAt,
  UNKNOWN_FIELD,
  valueAt,
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
  createSchemaValidator,
  type SchemaError,
  type SchemaValidator,
  type ValidationResult,
} from './validator'
