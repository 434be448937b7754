import type { ErrorObject } from 'ajv'
import { isJsonObject, type OpenApiDocument } from './document'
import {
  describeOperations,
  findOperation,
  findResponseKey,
  JSON_MEDIA_TYPE,
  type Operation,
} from './operations'
import {
  fromJsonPointer,
  getAtPointer,
  type Located,
  resolveReference,
  toJsonPointer,
} from './pointer'

export type SchemaError = {
  instancePath: string
  schemaPath: string
  keyword: string
  message: string
  params: Record<string, unknown>
}

export type ValidationResult = { valid: boolean; errors: SchemaError[] }

export type SchemaValidator = {
  /** Validates against the schema at a JSON pointer of the document, e.g. `#/components/schemas/Profile`. */
  validate: (pointer: string, value: unknown) => ValidationResult
  /** Validates against `#/components/schemas/<name>`. */
  validateComponent: (name: string, value: unknown) => ValidationResult
  /** Validates a request body of an operation; `undefined` stands for "no body". */
  validateRequestBody: (operationId: string, value: unknown, mediaType?: string) => ValidationResult
  /** Validates a response body of an operation for a status; `undefined` stands for "no body". */
  validateResponse: (
    operationId: string,
    status: number | string,
    value: unknown,
    mediaType?: string,
  ) => ValidationResult
}

/**
 * One compiled schema check, as Ajv makes it: at run time (`createSchemaValidator`, which needs
 * `new Function`) or ahead of time (`createPrecompiledValidator`, the standalone code generated
 * into `src/generated/`). Both come from the same Ajv options (`ajv.ts`), so they judge alike.
 */
export type SchemaCheck = ((value: unknown) => boolean) & { errors?: ErrorObject[] | null }

/** Finds the check of a schema by its normalised pointer (`schemaKey`); undefined when none. */
export type SchemaCheckLookup = (key: string) => SchemaCheck | undefined

/** One spelling per schema: `#/paths/~1auth~1auth/post` whether it came %-escaped or not. */
export function schemaKey(pointer: string): string {
  return toJsonPointer(fromJsonPointer(pointer))
}

function toSchemaError(error: ErrorObject): SchemaError {
  return {
    instancePath: error.instancePath,
    schemaPath: error.schemaPath,
    keyword: error.keyword,
    message: error.message ?? error.keyword,
    params: { ...error.params },
  }
}

function failure(keyword: string, message: string): ValidationResult {
  return {
    valid: false,
    errors: [{ instancePath: '', schemaPath: '', keyword, message, params: {} }],
  }
}

const VALID: ValidationResult = { valid: true, errors: [] }

const isAbsentBody = (value: unknown) => value === undefined || value === ''

/**
 * The validator's interface over the document, whatever compiled its checks. `lookup` answers the
 * compiled check of a schema by its key; what to check per operation (and status) is found once
 * here, so a call is one Map lookup and the compiled Ajv function, no pointer re-encoding, no
 * document search. Failures are built per call (callers own their result); only VALID is shared.
 */
export function createValidator(
  document: OpenApiDocument,
  lookup: SchemaCheckLookup,
): SchemaValidator {
  const checks = new Map<string, SchemaCheck>()
  const checkAt = (pointer: string): SchemaCheck => {
    let check = checks.get(pointer)
    if (check) return check
    check = lookup(schemaKey(pointer))
    if (!check) throw new Error(`No schema at ${pointer}`)
    checks.set(pointer, check)
    return check
  }

  const run = (check: SchemaCheck, value: unknown): ValidationResult =>
    check(value) ? VALID : { valid: false, errors: (check.errors ?? []).map(toSchemaError) }

  const validate = (pointer: string, value: unknown): ValidationResult =>
    run(checkAt(pointer), value)

  type Plan = (value: unknown) => ValidationResult

  const mediaPlan = (container: Located, mediaType: string): Plan => {
    const content = isJsonObject(container.value) ? container.value.content : undefined
    if (!isJsonObject(content)) {
      return (value) =>
        isAbsentBody(value) ? VALID : failure('content', 'no body is documented here')
    }
    if (!isJsonObject(content[mediaType])) {
      return () => failure('mediaType', `media type ${mediaType} is not documented here`)
    }
    const check = checkAt(
      `${container.pointer}/content/${toJsonPointer([mediaType]).slice(2)}/schema`,
    )
    return (value) => run(check, value)
  }

  const requestPlans = new Map<string, Plan>()
  const requestPlan = (operationId: string, mediaType: string): Plan => {
    const planKey = `${operationId}\n${mediaType}`
    const known = requestPlans.get(planKey)
    if (known) return known
    const { operation, pointer } = findOperation(document, operationId)
    const requestBody = resolveReference(document, {
      value: operation.requestBody,
      pointer: `${pointer}/requestBody`,
    })
    let plan: Plan
    if (!isJsonObject(requestBody.value)) {
      plan = (value) =>
        isAbsentBody(value) ? VALID : failure('requestBody', 'the operation takes no body')
    } else {
      const required = requestBody.value.required === true
      const media = mediaPlan(requestBody, mediaType)
      plan = (value) => {
        if (value !== undefined) return media(value)
        return required ? failure('required', 'the request body is required') : VALID
      }
    }
    requestPlans.set(planKey, plan)
    return plan
  }

  const responsePlans = new Map<string, Plan>()
  const responsePlan = (operationId: string, status: number | string, mediaType: string): Plan => {
    const planKey = `${operationId}\n${String(status)}\n${mediaType}`
    const known = responsePlans.get(planKey)
    if (known) return known
    const { operation, pointer } = findOperation(document, operationId)
    const responses = isJsonObject(operation.responses) ? operation.responses : {}
    const key = findResponseKey(responses, status)
    let plan: Plan
    if (key === undefined) {
      plan = () => failure('status', `status ${status} is not documented for ${operationId}`)
    } else {
      const response = resolveReference(document, {
        value: responses[key],
        pointer: `${pointer}/responses/${toJsonPointer([key]).slice(2)}`,
      })
      plan = mediaPlan(response, mediaType)
    }
    responsePlans.set(planKey, plan)
    return plan
  }

  return {
    validate,
    validateComponent: (name, value) =>
      validate(toJsonPointer(['components', 'schemas', name]), value),
    validateRequestBody: (operationId, value, mediaType = JSON_MEDIA_TYPE) =>
      requestPlan(operationId, mediaType)(value),
    validateResponse: (operationId, status, value, mediaType = JSON_MEDIA_TYPE) =>
      responsePlan(operationId, status, mediaType)(value),
  }
}

/**
 * Every schema the contract's model names, as keys: component schemas, parameters, request and
 * response bodies of every documented media type and status, required response headers. The
 * validator's own plans are run once with a lookup that records what they ask for, so this list
 * cannot drift from what `validateRequestBody` and `validateResponse` look up.
 */
export function namedSchemaKeys(
  document: OpenApiDocument,
  operations: Operation[] = describeOperations(document, []),
): string[] {
  const keys = new Set<string>()
  const recorder = createValidator(document, (key) => {
    if (getAtPointer(document, key) !== undefined) keys.add(key)
    return () => true
  })
  const schemas = document.components?.schemas
  for (const name of isJsonObject(schemas) ? Object.keys(schemas) : []) {
    recorder.validateComponent(name, undefined)
  }
  for (const operation of operations) {
    for (const parameter of operation.parameters) recorder.validate(parameter.schemaPointer, '')
    for (const mediaType of operation.bodyMediaTypes) {
      recorder.validateRequestBody(operation.operationId, {}, mediaType)
    }
    for (const [status, response] of Object.entries(operation.responses)) {
      for (const mediaType of response.mediaTypes) {
        recorder.validateResponse(operation.operationId, status, {}, mediaType)
      }
      for (const header of response.requiredHeaders) {
        if (header.schemaPointer) recorder.validate(header.schemaPointer, '')
      }
    }
  }
  return [...keys].sort()
}
