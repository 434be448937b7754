import type { FastifyCorsOptions } from '@fastify/cors'
import type { FastifyReply, FastifyRequest } from 'fastify'

export const CORS_ALLOWED_HEADERS = [
  'Content-Type',
  'Authorization',
  'X-Client-Type',
  'X-Client-Version',
  'X-Request-Timestamp',
  'X-Stub-Session',
  'Prefer',
]
export const CORS_EXPOSED_HEADERS = ['Retry-After', 'Location']

/** The options of @fastify/cors, which answers preflight requests (`OPTIONS`). */
export function corsOptions(origins: readonly string[]): FastifyCorsOptions {
  return {
    origin: [...origins],
    methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: CORS_ALLOWED_HEADERS,
    exposedHeaders: CORS_EXPOSED_HEADERS,
    maxAge: 600,
  }
}

/**
 * The CORS headers @fastify/cors gives every answer other than a preflight, for the options
 * above, worked out once: its hook spreads its options and resolves the origin option per
 * request, which cost more than the rest of a small request's handling. Same headers: `Vary:
 * Origin` (a list of origins), the request's origin echoed when it is on the list, the exposed
 * headers always; a list holding `*` allows any origin without `Vary`, as @fastify/cors does.
 */
export function simpleCorsHeaders(
  origins: readonly string[],
): (request: FastifyRequest, reply: FastifyReply) => void {
  const exposed = CORS_EXPOSED_HEADERS.join(', ')
  if (origins.includes('*')) {
    return (_request, reply) => {
      reply.header('access-control-allow-origin', '*')
      reply.header('access-control-expose-headers', exposed)
    }
  }
  const allowed = new Set(origins)
  return (request, reply) => {
    const vary = reply.getHeader('vary')
    if (vary === undefined) reply.header('vary', 'Origin')
    else if (!/(?:^|,)\s*(?:origin|\*)\s*(?:,|$)/i.test(String(vary)))
      reply.header('vary', `${String(vary)}, Origin`)
    const origin = request.headers.origin
    if (typeof origin === 'string' && allowed.has(origin)) {
      reply.header('access-control-allow-origin', origin)
    }
    reply.header('access-control-expose-headers', exposed)
  }
}
