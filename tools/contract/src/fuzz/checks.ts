import { type Contract, isJsonObject, type JudgementStep, judgeAnswer } from '@devenv/openapi'
import type { Answer } from '../http'
import type { CheckName } from './check-names'
import type { Breakage } from './schema-breakers'

export { CHECKS, type CheckName } from './check-names'

const STEP_CHECKS: Record<JudgementStep, CheckName> = {
  status: 'status_code_conformance',
  mediaType: 'content_type_conformance',
  schema: 'response_schema_conformance',
  headers: 'response_headers_conformance',
}

/** A request as sent, for reports. */
export type SentRequest = {
  method: string
  url: string
  headers: Record<string, string>
  body: string
}

/**
 * One request and its answer, with what the run knew when it sent it: whether the input was
 * schema-valid, whether the bearer token was good, which resource the path named.
 */
export type Exchange = {
  operationId: string
  request: SentRequest
  answer: Answer
  /**
   * `positive`: the contract accepts the input; `negative`: it does not; `hostile`: valid JSON
   * the stub refuses on purpose (prototype keys); `unclassified`: a stateful step, judged by its
   * model, or a body the contract makes no claim about (see `prepare`)
   */
  input: 'positive' | 'negative' | 'hostile' | 'unclassified'
  breakage?: Breakage
  /** The bearer of a protected operation as the run's state judges it; `public` when none is needed. */
  auth: 'valid' | 'invalid' | 'revoked' | 'public'
  /** Fields a documented business rule refuses for this body (a 400 naming only them is right). */
  ruleFields: readonly string[]
  /** What the path's id names, for the resource checks. */
  resource?: 'owned' | 'deleting' | 'freed' | 'foreign' | 'unknown'
  /** A used or revoked refresh token sent to a refresh operation. */
  freedRefreshToken?: boolean
  /** Ids a list answer must not contain: freed ones and another account's. */
  forbiddenIds?: { freed: readonly string[]; foreign: readonly string[] }
  /**
   * The documented request example the body was, read from the body as sent (`request.body` is
   * only a description, with long strings shortened). Absent: the tally reads `request.body`.
   */
  requestExample?: string | undefined
}

export type Verdict = { check: CheckName; problem: string | undefined }

const isValidationFailure = (answer: Answer) =>
  answer.status === 400 &&
  isJsonObject(answer.json) &&
  (answer.json.code === 'VALIDATION_FAILED' || answer.json.message === 'Validation errors')

const errorFields = (answer: Answer): string[] =>
  isJsonObject(answer.json) && isJsonObject(answer.json.errors)
    ? Object.keys(answer.json.errors)
    : []

const shown = (answer: Answer) =>
  `${answer.status} ${answer.text.length > 400 ? `${answer.text.slice(0, 400)}…` : answer.text}`

const listedIds = (answer: Answer): string[] =>
  isJsonObject(answer.json) && Array.isArray(answer.json.items)
    ? answer.json.items.flatMap((item) =>
        isJsonObject(item) && typeof item.id === 'string' ? [item.id] : [],
      )
    : []

/** Runs every check that applies to an exchange; `problem` is set when it fails. */
export function judge(contract: Contract, exchange: Exchange): Verdict[] {
  const { answer, operationId } = exchange
  const verdicts: Verdict[] = []
  const verdict = (check: CheckName, problem: string | undefined) =>
    verdicts.push({ check, problem })
  const ok = answer.status >= 200 && answer.status < 300

  verdict(
    'not_a_server_error',
    answer.status >= 500
      ? `answered ${shown(answer)}${answer.logged.length > 0 ? `\nstub log: ${answer.logged.join('').slice(0, 1500)}` : ''}`
      : undefined,
  )

  // The contract's one judgement (status, media type, schema, required headers), each step
  // reported under the name Schemathesis gives it.
  for (const result of judgeAnswer(contract, operationId, answer).results) {
    const problem = result.ok
      ? undefined
      : result.step === 'schema'
        ? `${result.message} in ${shown(answer)}`
        : result.step === 'mediaType' && result.details.problem === 'unexpected-body'
          ? `a body was sent where none is documented: ${shown(answer)}`
          : result.message
    verdict(STEP_CHECKS[result.step], problem)
  }

  if (exchange.input === 'negative') {
    let problem: string | undefined
    if (ok || (answer.status >= 300 && answer.status < 400)) {
      problem = `schema-invalid input (${exchange.breakage?.label ?? 'see the request'}) was accepted: ${shown(answer)}`
    } else if (
      exchange.breakage?.unknownField !== undefined &&
      isValidationFailure(answer) &&
      !errorFields(answer).includes(exchange.breakage.unknownField)
    ) {
      // The contract: "a misspelt or extra field answers 400 with the field named in errors".
      problem = `the 400 does not name the unknown field ${exchange.breakage.unknownField}: ${shown(answer)}`
    }
    verdict('negative_data_rejection', problem)
  }

  if (exchange.input === 'positive' && (exchange.auth === 'valid' || exchange.auth === 'public')) {
    let problem: string | undefined
    if (answer.status === 413 || answer.status === 415) {
      problem = `schema-valid input refused as ${answer.status}: ${shown(answer)}`
    } else if (isValidationFailure(answer)) {
      const fields = errorFields(answer)
      const allowed =
        exchange.ruleFields.length > 0 &&
        fields.length > 0 &&
        fields.every((field) => exchange.ruleFields.includes(field))
      if (!allowed) problem = `schema-valid input refused as invalid: ${shown(answer)}`
    }
    verdict('positive_data_acceptance', problem)
  }

  const protectedOperation = exchange.auth !== 'public'
  if (protectedOperation && exchange.auth === 'invalid') {
    verdict(
      'ignored_auth',
      ok
        ? `answered ${answer.status} without valid authentication`
        : exchange.input === 'positive' && answer.status !== 401
          ? `a missing or forged token answered ${answer.status}, not 401`
          : undefined,
    )
  }
  if (
    exchange.auth === 'valid' &&
    exchange.resource === 'foreign' &&
    exchange.input === 'positive'
  ) {
    verdict(
      'ignored_auth',
      answer.status === 404 ? undefined : `another account's environment answered ${shown(answer)}`,
    )
  }
  if (exchange.auth === 'valid' && exchange.forbiddenIds && ok) {
    const listed = listedIds(answer)
    const foreign = listed.filter((id) => exchange.forbiddenIds?.foreign.includes(id))
    verdict(
      'ignored_auth',
      foreign.length > 0
        ? `another account's environments listed: ${foreign.join(', ')}`
        : undefined,
    )
    const freed = listed.filter((id) => exchange.forbiddenIds?.freed.includes(id))
    verdict(
      'use_after_free',
      freed.length > 0 ? `deleted environments listed again: ${freed.join(', ')}` : undefined,
    )
  }

  if (exchange.auth === 'revoked') {
    verdict(
      'use_after_free',
      ok
        ? `a revoked session's token was accepted: ${shown(answer)}`
        : exchange.input === 'positive' && answer.status !== 401
          ? `a revoked session's token answered ${answer.status}, not 401`
          : undefined,
    )
  }
  if (exchange.auth === 'valid' && exchange.resource === 'freed' && exchange.input === 'positive') {
    verdict(
      'use_after_free',
      answer.status === 404 ? undefined : `a deleted environment answered ${shown(answer)}`,
    )
  }
  if (exchange.freedRefreshToken && exchange.input === 'positive') {
    verdict(
      'use_after_free',
      answer.status === 401
        ? undefined
        : `a used or revoked refresh token answered ${shown(answer)}`,
    )
  }
  return verdicts
}
