import type { Contract } from './contract'
import { type DocumentedResponse, responseFor } from './operations'
import type { SchemaError } from './validator'

/**
 * The steps of judging an answer, in the order they run. A later step runs only when it can say
 * something: no media type check for an undocumented status, no schema check for a body that is
 * not JSON, no header step for a response that documents no required header.
 */
export const JUDGEMENT_STEPS = ['status', 'mediaType', 'schema', 'headers'] as const
export type JudgementStep = (typeof JUDGEMENT_STEPS)[number]

/** Each result names its step, whether it passed, a one-line message and what it found. */
export type JudgementResult =
  | {
      step: 'status'
      ok: boolean
      message: string
      details: { status: number; documented: string[]; response: string | undefined }
    }
  | {
      step: 'mediaType'
      ok: boolean
      message: string
      details: {
        /** The answer's media type, lower-cased, without parameters; '' when none was sent. */
        mediaType: string
        documented: string[]
        problem: 'undocumented' | 'not-json' | 'unexpected-body' | undefined
      }
    }
  | {
      step: 'schema'
      ok: boolean
      message: string
      details: { schemaPointer: string; errors: SchemaError[] }
    }
  | {
      step: 'headers'
      ok: boolean
      message: string
      details: {
        /** As the contract writes it (`Retry-After`). */
        header: string
        value: string | undefined
        problem: 'missing' | 'form' | undefined
      }
    }

export type Judgement = {
  operationId: string
  status: number
  /** True when every result passed. */
  ok: boolean
  /** The documented response key the status fell under (`'200'`, `'4XX'`), if any. */
  response: string | undefined
  results: JudgementResult[]
}

/** An answer's headers, as a `Headers`, a plain record (Node, Fastify) or a lookup function. */
export type HeaderSource =
  | Headers
  | Readonly<Record<string, string | readonly string[] | number | undefined>>
  | ((name: string) => string | undefined)

/** An answer as captured by whoever judges it (stub hook, HTTP client, proxy). */
export type AnswerToJudge = {
  status: number
  headers: HeaderSource
  /** The body as text; '' when there is none. */
  text: string
  /** The body already parsed, to spare a second parse; left undefined, `text` is parsed. */
  json?: unknown
}

/** An answer as every tool captures it: status, headers, the body as text and, for JSON, parsed. */
export type CapturedAnswer<Source extends HeaderSource = HeaderSource> = {
  status: number
  headers: Source
  text: string
  /** The parsed body when the content type names JSON and it parses; else undefined. */
  json: unknown
}

/** Captures an answer once for all tools: the body parsed when its content type names JSON. */
export function captureAnswer<Source extends HeaderSource>(
  status: number,
  headers: Source,
  text: string,
): CapturedAnswer<Source> {
  let json: unknown
  if (text !== '' && (readHeader(headers, 'content-type') ?? '').includes('json')) {
    try {
      json = JSON.parse(text)
    } catch {
      json = undefined
    }
  }
  return { status, headers, text, json }
}

/** Reads one header (case-insensitively) from any `HeaderSource`; the first value of a list. */
export function readHeader(headers: HeaderSource, name: string): string | undefined {
  const lower = name.toLowerCase()
  if (typeof headers === 'function') return headers(lower)
  if (headers instanceof Headers) return headers.get(lower) ?? undefined
  const value = headers[lower] ?? headers[name]
  if (value === undefined) return undefined
  return String(Array.isArray(value) ? value[0] : value)
}

/** `application/json; charset=utf-8` -> `application/json`; '' when absent. */
export function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
}

const isJsonMediaType = (mediaType: string) =>
  mediaType === 'application/json' || mediaType.endsWith('+json')

const NOT_PARSED = Symbol('not parsed')

function parseBody(answer: AnswerToJudge): unknown {
  if (answer.json !== undefined) return answer.json
  if (answer.text === '') return NOT_PARSED
  try {
    return JSON.parse(answer.text)
  } catch {
    return NOT_PARSED
  }
}

const shorten = (text: string, length: number) =>
  text.length > length ? `${text.slice(0, length)}...` : text

/** `/name must match pattern "..."` per error, at most five, with the unknown field named. */
export function describeSchemaErrors(errors: readonly SchemaError[], limit = 5): string {
  return errors
    .slice(0, limit)
    .map((error) => {
      const extra =
        error.keyword === 'additionalProperties'
          ? ` (${String(error.params.additionalProperty)})`
          : ''
      return `${error.instancePath || '(body)'} ${error.message}${extra}`
    })
    .join('; ')
}

function coerceHeader(text: string, to: string): unknown {
  if ((to === 'integer' || to === 'number') && /^-?\d+(\.\d+)?$/.test(text)) return Number(text)
  if (to === 'boolean' && (text === 'true' || text === 'false')) return text === 'true'
  return text
}

/**
 * Judges one answer of an operation against the contract: is its status documented, then is its
 * media type documented (and the body JSON where JSON is documented), then does the body match
 * the documented schema, then are the required headers there and of their documented form.
 * Every caller (the stub, the runner, the fuzzer, the proxy) formats these results; none repeats
 * the steps.
 */
export function judgeAnswer(
  contract: Contract,
  operationId: string,
  answer: AnswerToJudge,
): Judgement {
  const operation = contract.byId.get(operationId)
  if (!operation) throw new Error(`The contract has no operation ${operationId}`)
  const results: JudgementResult[] = []
  const response: DocumentedResponse | undefined = responseFor(operation, answer.status)
  results.push({
    step: 'status',
    ok: response !== undefined,
    message: response
      ? `status ${answer.status} is documented (${response.status})`
      : `status ${answer.status} is not documented (documented: ${operation.statuses.join(', ')})`,
    details: { status: answer.status, documented: operation.statuses, response: response?.status },
  })
  if (!response) {
    return { operationId, status: answer.status, ok: false, response: undefined, results }
  }

  const mediaType = mediaTypeOf(readHeader(answer.headers, 'content-type'))
  const documented = response.mediaTypes
  if (documented.length === 0) {
    const empty = answer.text === ''
    results.push({
      step: 'mediaType',
      ok: empty,
      message: empty
        ? 'no body, as documented'
        : `a body was sent where none is documented: ${shorten(answer.text, 80)}`,
      details: { mediaType, documented, problem: empty ? undefined : 'unexpected-body' },
    })
  } else if (!documented.includes(mediaType)) {
    results.push({
      step: 'mediaType',
      ok: false,
      message: `content type "${mediaType}" is not documented (${documented.join(', ')})`,
      details: { mediaType, documented, problem: 'undocumented' },
    })
  } else {
    const body = isJsonMediaType(mediaType) ? parseBody(answer) : NOT_PARSED
    const notJson = isJsonMediaType(mediaType) && body === NOT_PARSED
    results.push({
      step: 'mediaType',
      ok: !notJson,
      message: notJson ? 'the body is not JSON' : `content type "${mediaType}" is documented`,
      details: { mediaType, documented, problem: notJson ? 'not-json' : undefined },
    })
    const schemaPointer = response.schemaPointers[mediaType]
    if (body !== NOT_PARSED && schemaPointer !== undefined) {
      const { valid, errors } = contract.validator.validate(schemaPointer, body)
      results.push({
        step: 'schema',
        ok: valid,
        message: valid ? 'the body matches the documented schema' : describeSchemaErrors(errors),
        details: { schemaPointer, errors },
      })
    }
  }

  for (const header of response.requiredHeaders) {
    const value = readHeader(answer.headers, header.name)
    let problem: 'missing' | 'form' | undefined
    if (value === undefined) problem = 'missing'
    else if (
      header.schemaPointer !== undefined &&
      !contract.validator.validate(header.schemaPointer, coerceHeader(value, header.coerceTo)).valid
    ) {
      problem = 'form'
    }
    results.push({
      step: 'headers',
      ok: problem === undefined,
      message:
        problem === 'missing'
          ? `the ${header.name} header is missing`
          : problem === 'form'
            ? `the ${header.name} header "${value}" is not of its documented form`
            : `the ${header.name} header is present`,
      details: { header: header.name, value, problem },
    })
  }
  return {
    operationId,
    status: answer.status,
    ok: results.every((result) => result.ok),
    response: response.status,
    results,
  }
}

/** The failed results of a judgement (what most callers print). */
export function problemsOf(judgement: Judgement): JudgementResult[] {
  return judgement.results.filter((result) => !result.ok)
}
