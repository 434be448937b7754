import type { Operation } from '@devenv/openapi'
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify'
import type { StubContext } from '../context'
import { authenticate } from '../security/authenticate'
import type { WindowCheck } from '../security/rate-limits'
import { rateLimited, validationError } from './errors'
import { checkBody, checkParameters } from './validation'

/** The server variable `version` of the contract: every operation answers under both. */
export const API_PREFIXES = ['/api', '/api/v1'] as const

/** What a handler answers; errors are thrown as ApiError. */
export type Answer = { status: number; body?: unknown; headers?: Record<string, string> }
export type OperationHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<Answer>

const shapedCache = new WeakMap<StubContext, Map<string, boolean>>()

/**
 * True when the operation's error answers are `{ status: false, message }` (set-password),
 * found by asking the contract rather than by naming the operation.
 */
export function isStatusShaped(ctx: StubContext, operationId: string): boolean {
  let known = shapedCache.get(ctx)
  if (!known) {
    known = new Map()
    shapedCache.set(ctx, known)
  }
  const cached = known.get(operationId)
  if (cached !== undefined) return cached
  const { validateResponse } = ctx.contract.validator
  const plain = validateResponse(operationId, 500, { message: 'x' }).valid
  const shaped = !plain && validateResponse(operationId, 500, { status: false, message: 'x' }).valid
  known.set(operationId, shaped)
  return shaped
}

function emailOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const { email, username } = body as Record<string, unknown>
  const value = typeof email === 'string' ? email : username
  return typeof value === 'string' ? value.trim().toLowerCase() : undefined
}

function windowChecks(operation: Operation, request: FastifyRequest): WindowCheck[] {
  const checks: WindowCheck[] = []
  for (const rule of operation.rateLimits) {
    if (rule.kind !== 'window') continue
    const key =
      rule.scope === 'client'
        ? request.ip
        : rule.scope === 'email'
          ? emailOf(request.body)
          : request.account?.id
    if (key !== undefined) checks.push({ operationId: operation.operationId, rule, key })
  }
  return checks
}

/**
 * Registers one operation of the contract under /api and /api/v1: bearer check for protected
 * operations, then parameters and body validated against the document (no coercion of bodies),
 * then the operation's `x-rate-limits` windows, then the handler.
 */
export function defineOperation(
  app: FastifyInstance,
  ctx: StubContext,
  operationId: string,
  handler: OperationHandler,
): void {
  const operation = ctx.contract.byId.get(operationId)
  if (!operation) throw new Error(`The contract has no operation ${operationId}`)
  const { validator } = ctx.contract
  const limited =
    ctx.config.rateLimits !== 'off' && operation.rateLimits.some((rule) => rule.kind === 'window')
  // Fastify never parses a GET body, so a public GET without parameters has nothing to check.
  const needsChecks =
    operation.requiresAuth ||
    operation.parameters.length > 0 ||
    !['get', 'head'].includes(operation.method)

  /** Parameters and body against the document; throws the contract's 400. */
  const checkInput = (request: FastifyRequest): void => {
    if (operation.parameters.length > 0) {
      const parameterErrors = checkParameters(validator, operation.parameters, {
        path: (request.params ?? {}) as Record<string, unknown>,
        query: (request.query ?? {}) as Record<string, unknown>,
      })
      if (Object.keys(parameterErrors).length > 0) throw validationError(parameterErrors)
    }
    const bodyErrors = checkBody(validator, operation, request.body)
    if (Object.keys(bodyErrors).length > 0) throw validationError(bodyErrors)
  }

  for (const prefix of API_PREFIXES) {
    app.route({
      method: operation.method.toUpperCase() as HTTPMethods,
      url: `${prefix}${operation.routePath}`,
      config: { operationId },
      // Public operations check synchronously (no promise, no extra turn of the event loop).
      preValidation: !needsChecks
        ? undefined
        : operation.requiresAuth
          ? async (request) => {
              await authenticate(request, ctx)
              checkInput(request)
            }
          : (request, _reply, done) => {
              try {
                checkInput(request)
              } catch (error) {
                done(error as Error)
                return
              }
              done()
            },
      preHandler: limited
        ? async (request) => {
            const verdict = await request.store.limits.consume(windowChecks(operation, request))
            if (!verdict.allowed) throw rateLimited(verdict.retryAfterMs)
          }
        : undefined,
      handler: async (request, reply) => {
        const answer = await handler(request, reply)
        reply.code(answer.status)
        if (answer.headers) reply.headers(answer.headers)
        return answer.body === undefined ? reply.send() : reply.send(answer.body)
      },
    })
  }
  ctx.implemented.add(operationId)
}

/** Fails start-up when an operation of the contract has no handler. */
export function assertEveryOperationImplemented(ctx: StubContext): void {
  const missing = ctx.contract.operations
    .map((operation) => operation.operationId)
    .filter((operationId) => !ctx.implemented.has(operationId))
  if (missing.length > 0) {
    throw new Error(`The stub does not implement: ${missing.join(', ')}`)
  }
}
