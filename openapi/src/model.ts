/**
 * The part of the library both entries export: no file reading, no Ajv compiler, no Node.
 * `index.ts` adds reading openapi.yaml and compiling at run time; `portable.ts` adds the
 * document as data and the precompiled checks. Each entry exports its own `createContract`.
 */
export {
  type Contract,
  type ContractOptions,
  componentEnum,
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
  pairedResponseExamples,
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
  ContractRuleError,
  type ContractRules,
  type Lifecycle,
  type Lifetimes,
  type PasswordCheck,
  type PasswordField,
  type PasswordPolicy,
  type Quota,
  type RateLimit,
  RULE_EXTENSIONS,
  type RuleExtension,
  ruleShapeProblem,
} from './extensions'
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
export { readContractRules } from './rules'
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
