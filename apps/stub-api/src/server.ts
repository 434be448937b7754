import { CLIENT_VERSION } from '@devenv/domain/session'
import Fastify, { type FastifyInstance } from 'fastify'

export type ServerOptions = {
  logLevel?: string
  /** Milliseconds since the epoch; injected so tests control uptime. */
  now?: () => number
}

export function buildServer(options: ServerOptions = {}): FastifyInstance {
  const now = options.now ?? Date.now
  const startedAt = now()
  const app = Fastify({ logger: { level: options.logLevel ?? 'silent' } })

  app.get('/api/health', async () => ({
    status: 'ok',
    version: CLIENT_VERSION,
    uptimeSeconds: Math.floor((now() - startedAt) / 1000),
    time: new Date(now()).toISOString(),
  }))

  return app
}
