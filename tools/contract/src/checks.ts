import { isJsonObject } from '@devenv/openapi'
import { type Contract, documentedResponse, requiredHeaders } from './contract'
import type { Answer } from './http'

export type Verdict = { problems: string[]; schemaViolation: boolean }

/**
 * What is wrong with an answer according to the contract: an undocumented status, a body or
 * content type the documented response does not allow, a missing required header.
 */
export function conformance(contract: Contract, operationId: string, answer: Answer): Verdict {
  if (answer.error) return { problems: [`no answer (${answer.error})`], schemaViolation: false }
  const response = documentedResponse(contract, operationId, answer.status)
  if (!response) {
    const documented = contract.operations
      .find((each) => each.operationId === operationId)
      ?.statuses.join(', ')
    return {
      problems: [`status ${answer.status} is not documented (documented: ${documented})`],
      schemaViolation: true,
    }
  }
  const problems: string[] = []
  const content = isJsonObject(response.content) ? response.content : undefined
  const mediaType =
    (answer.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
  if (content) {
    if (!(mediaType in content))
      problems.push(
        `content type "${mediaType}" is not documented (${Object.keys(content).join(', ')})`,
      )
    else if (answer.json === undefined) problems.push('the body is not JSON')
    else {
      const result = contract.validator.validateResponse(
        operationId,
        answer.status,
        answer.json,
        mediaType,
      )
      for (const error of result.errors.slice(0, 5)) {
        const extra =
          error.keyword === 'additionalProperties'
            ? ` (${String(error.params.additionalProperty)})`
            : ''
        problems.push(`body ${error.instancePath || '(root)'} ${error.message}${extra}`)
      }
    }
  } else if (answer.text !== '') {
    problems.push(`a body was sent where none is documented: ${answer.text.slice(0, 80)}`)
  }
  for (const header of requiredHeaders(contract, operationId, answer.status)) {
    if (answer.headers.get(header) === null) problems.push(`the ${header} header is missing`)
  }
  return { problems, schemaViolation: problems.length > 0 }
}
