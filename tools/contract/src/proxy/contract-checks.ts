// The one place where the proxy meets the contract model of `@devenv/openapi`: which operation
// an exchange belongs to and what is wrong with it. Everything else in src/proxy/ is transport,
// timing and printing.
import { createRequire } from 'node:module'
import {
  createSchemaValidator,
  findRequiredResponseHeaders,
  listOperations,
  loadOpenApiDocument,
  type OperationSummary,
} from '@devenv/openapi'
import type { ProxiedExchange } from './transport'

export const UNDOCUMENTED_OPERATION = 'undocumented operation'

/** One way an exchange seen by the proxy breaks the contract. */
export type Violation = {
  /** Undefined when no operation of the contract matches the request. */
  operationId: string | undefined
  check: string
  message: string
  request: { method: string; url: string }
  /** Undefined when no answer came. */
  status: number | undefined
}

export type Judged = { operationId: string | undefined; violations: Violation[] }

export type ProxyContract = {
  operations: readonly OperationSummary[]
  judge: (exchange: ProxiedExchange) => Judged
}

const API_PREFIXES = ['/api', '/api/v1']

function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
}

/** The body as the validator takes it: parsed JSON, text, or undefined for none. */
function bodyValue(body: Buffer, mediaType: string): { value: unknown } | { notJson: true } {
  if (body.length === 0) return { value: undefined }
  const text = body.toString('utf8')
  if (!/[/+]json$/.test(mediaType)) return { value: text }
  try {
    return { value: JSON.parse(text) }
  } catch {
    return { notJson: true }
  }
}

/** Loads the contract (the workspace's openapi.yaml unless another is given) for the proxy. */
export function loadProxyContract(path?: string): ProxyContract {
  const documentPath =
    path ?? createRequire(import.meta.url).resolve('@devenv/openapi/openapi.yaml')
  const document = loadOpenApiDocument(documentPath)
  const validator = createSchemaValidator(document)
  const operations = listOperations(document)
  const matchers = operations.map((operation) => ({
    operation,
    method: operation.method.toUpperCase(),
    pattern: new RegExp(
      `^(?:${API_PREFIXES.join('|')})${operation.path.replace(/\{[^}]+\}/g, '[^/]+')}/?$`,
    ),
  }))
  const match = (method: string, url: string) => {
    const path = url.split('?')[0] ?? ''
    return matchers.find((each) => each.method === method && each.pattern.test(path))?.operation
  }

  return {
    operations,
    judge: (exchange) => {
      const request = { method: exchange.method, url: exchange.url }
      const operation = match(exchange.method, exchange.url)
      const violations: Violation[] = []
      const add = (check: string, message: string) =>
        violations.push({
          operationId: operation?.operationId,
          check,
          message,
          request,
          status: exchange.status,
        })
      if (!operation) {
        add(UNDOCUMENTED_OPERATION, `${exchange.method} ${exchange.url} is not in the contract`)
        return { operationId: undefined, violations }
      }
      const { operationId } = operation

      if (exchange.requestBody && exchange.requestBody.length > 0) {
        const mediaType = mediaTypeOf(exchange.requestHeaders['content-type'])
        const body = bodyValue(exchange.requestBody, mediaType)
        if ('notJson' in body) add('request body', 'the request body is not JSON')
        else
          for (const error of validator.validateRequestBody(operationId, body.value, mediaType)
            .errors)
            add('request body', `${error.instancePath || '(root)'} ${error.message}`)
      }

      if (exchange.status === undefined) {
        add('answer', exchange.error ?? 'no answer')
        return { operationId, violations }
      }
      if (exchange.error) add('answer', exchange.error)
      if (exchange.responseBody) {
        const mediaType = mediaTypeOf(exchange.responseHeaders['content-type'])
        const body = bodyValue(exchange.responseBody, mediaType)
        if ('notJson' in body) add('schema', 'the body is not JSON')
        else
          for (const error of validator.validateResponse(
            operationId,
            exchange.status,
            body.value,
            mediaType || undefined,
          ).errors)
            add(
              error.keyword === 'status'
                ? 'status'
                : error.keyword === 'mediaType'
                  ? 'media type'
                  : 'schema',
              `${error.keyword === 'status' || error.keyword === 'mediaType' ? '' : `${error.instancePath || '(root)'} `}${error.message}`,
            )
      }
      for (const header of findRequiredResponseHeaders(document, operationId, exchange.status))
        if (exchange.responseHeaders[header] === undefined)
          add('required header', `the ${header} header is missing`)
      return { operationId, violations }
    },
  }
}
