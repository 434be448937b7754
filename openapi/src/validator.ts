import type { ErrorObject, ValidateFunction } from 'ajv'
import Ajv2020 from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { isJsonObject, type OpenApiDocument } from './document'
import { findOperation, findResponseKey, JSON_MEDIA_TYPE } from './operations'
import { fromJsonPointer, type Located, resolveReference, toJsonPointer } from './pointer'

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

const DOCUMENT_ID = 'https://devenv.example/openapi.json'

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
 * Builds an Ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1) validator over the document.
 * The whole document is added as one schema with an `$id`, so the document's own
 * `#/components/...` references resolve as written.
 */
export function createSchemaValidator(document: OpenApiDocument): SchemaValidator {
  // OpenAPI documents are not strict JSON Schema (keywords such as `example`, unknown formats in
  // other documents): strict mode would reject them.
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  ajv.addVocabulary(['example', 'xml', 'externalDocs', 'discriminator'])
  addFormats(ajv)
  ajv.addSchema({ ...document, $id: DOCUMENT_ID })

  // Compiled checks per pointer, and what to check per operation (and status), found once: a call
  // is one Map lookup and the compiled Ajv function, no pointer re-encoding, no document search.
  // Failures are built per call (callers own their result); only VALID is shared, as before.
  const checks = new Map<string, ValidateFunction>()
  const checkAt = (pointer: string): ValidateFunction => {
    let check = checks.get(pointer)
    if (check) return check
    const encoded = toJsonPointer(fromJsonPointer(pointer))
      .split('/')
      .map((segment, index) => (index === 0 ? segment : encodeURIComponent(segment)))
      .join('/')
    check = ajv.getSchema(`${DOCUMENT_ID}${encoded}`)
    if (!check) throw new Error(`No schema at ${pointer}`)
    checks.set(pointer, check)
    return check
  }

  const run = (check: ValidateFunction, value: unknown): ValidationResult =>
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
