import { responseFor } from '@devenv/openapi'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { StubContext } from '../context'

/** Longest `Prefer: delay=` honoured, so a typo cannot hang a test run. */
export const MAX_DELAY_MS = 30_000
/** Retry-After sent with a forced 429 or 503. */
const FORCED_RETRY_AFTER_SECONDS = '30'

export type Preference = { code?: number; delayMs?: number; reset?: boolean }

/** Reads Prism-style `Prefer` headers: `code=503`, `delay=800`, `reset`, comma-separated. */
export function parsePrefer(header: string | string[] | undefined): Preference {
  const preference: Preference = {}
  const text = Array.isArray(header) ? header.join(',') : (header ?? '')
  for (const part of text.split(/[,;]/)) {
    const [rawName, rawValue] = part.split('=').map((each) => each.trim().toLowerCase())
    if (rawName === 'code' && rawValue && /^\d{3}$/.test(rawValue))
      preference.code = Number(rawValue)
    if (rawName === 'delay' && rawValue && /^\d+$/.test(rawValue)) {
      preference.delayMs = Math.min(Number(rawValue), MAX_DELAY_MS)
    }
    if (rawName === 'reset') preference.reset = true
  }
  return preference
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function documentedStatuses(ctx: StubContext, operationId: string): string {
  const operation = ctx.contract.byId.get(operationId)
  return operation ? operation.statuses.join(', ') : 'none'
}

function forcedAnswer(
  ctx: StubContext,
  request: FastifyRequest,
  reply: FastifyReply,
  operationId: string,
  code: number,
): FastifyReply {
  request.contractExempt = true
  const operation = ctx.contract.byId.get(operationId)
  const documented = code >= 400 && operation ? responseFor(operation, code) : undefined
  if (!documented) {
    return reply.code(400).send({
      message: `Prefer: code=${code} needs a documented 4xx or 5xx answer of ${operationId} (documented: ${documentedStatuses(ctx, operationId)})`,
    })
  }
  // The answer is the document's own example, so it is checked like any other answer.
  request.contractExempt = false
  for (const header of documented.requiredHeaders) {
    if (header.name.toLowerCase() === 'retry-after') {
      reply.header('retry-after', FORCED_RETRY_AFTER_SECONDS)
    }
  }
  const body = documented.examples[0]?.value
  reply.code(code)
  return body === undefined ? reply.send() : reply.send(body)
}

/**
 * Development and test modes: `Prefer: delay=` slows any answer, `Prefer: reset` drops the
 * connection, `Prefer: code=` answers an operation's documented example for that status.
 */
export function registerFaults(app: FastifyInstance, ctx: StubContext): void {
  app.addHook('onRequest', async (request, reply) => {
    const header = request.headers.prefer
    if (header === undefined) return
    const preference = parsePrefer(header)
    if (preference.delayMs) await sleep(preference.delayMs)
    if (preference.reset) {
      request.log.info('Prefer: reset, dropping the connection')
      reply.hijack()
      reply.raw.destroy()
      return reply
    }
    const operationId = request.routeOptions.config.operationId
    if (preference.code !== undefined && operationId) {
      return forcedAnswer(ctx, request, reply, operationId, preference.code)
    }
  })
}
