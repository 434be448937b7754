import helmet, { type FastifyHelmetOptions, type FastifyHelmetRouteOptions } from '@fastify/helmet'
import Fastify from 'fastify'

/** The JSON API's policy: answers need no resources at all. */
export const API_HELMET: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'none'"],
    },
  },
  // The site on another origin reads these answers through CORS.
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  referrerPolicy: { policy: 'no-referrer' },
  frameguard: { action: 'deny' },
  // Plain HTTP on a developer's machine: HSTS would outlive the stub on that host name.
  strictTransportSecurity: false,
  // Headers that only mean something for HTML documents; the pages get them back (PAGE_HELMET).
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
}

/** What HTML pages get besides their own CSP: helmet's defaults for documents. */
export const PAGE_HELMET_BASE: FastifyHelmetOptions = {
  crossOriginResourcePolicy: { policy: 'same-origin' },
  referrerPolicy: { policy: 'no-referrer' },
  frameguard: { action: 'deny' },
  strictTransportSecurity: false,
}

const NOT_SECURITY_HEADERS = new Set([
  'content-type',
  'content-length',
  'date',
  'connection',
  'keep-alive',
])

/**
 * The headers @fastify/helmet sets for a policy, asked of it once at start-up: its hook rebuilds
 * the whole helmet middleware on every request, which cost more than the rest of a request.
 */
export async function helmetHeaders(
  options: FastifyHelmetOptions,
): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false })
  await probe.register(helmet, options)
  probe.get('/', async () => ({}))
  const response = await probe.inject({ method: 'GET', url: '/' })
  await probe.close()
  return Object.fromEntries(
    Object.entries(response.headers)
      .filter(([name]) => !NOT_SECURITY_HEADERS.has(name))
      .map(([name, value]) => [name, String(value)]),
  )
}
/** The development pages: inline styles only, no scripts, forms only to themselves. */
export const DEV_PAGE_HELMET: FastifyHelmetRouteOptions['helmet'] = {
  ...PAGE_HELMET_BASE,
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'none'"],
      styleSrc: ["'unsafe-inline'"],
      imgSrc: ['data:'],
      formAction: ["'self'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
    },
  },
}
