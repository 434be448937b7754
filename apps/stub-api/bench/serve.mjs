// Started by stub.bench.ts in its own process (plain node, the built stub), so the load generator
// never shares its event loop and no TypeScript loader runs in the measured process.
import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import Fastify from 'fastify'

// The third argument sets RATE_LIMITS (off by default: the throughput cases measure the stub, not its windows).
const [kind = 'stub', mode = 'production', rateLimits = 'off'] = process.argv.slice(2)
const built = new URL('../dist/server.js', import.meta.url)
if (kind !== 'bare' && !existsSync(built)) {
  console.error('bench: build the stub first (pnpm --filter @devenv/stub-api build)')
  process.exit(2)
}

async function createApp() {
  if (kind === 'bare') {
    const bare = Fastify({ logger: false })
    bare.get('/health', async () => ({ status: 'ok' }))
    // A reference for what a JSON POST costs in Fastify itself: parse, no validation, no state.
    bare.post('/contact', async (_request, reply) =>
      reply.code(201).send({ id: randomUUID(), message: 'Thank you!' }),
    )
    return bare
  }
  const { buildServer } = await import(built.href)
  return buildServer({
    mode: mode === 'test' ? 'test' : 'production',
    jwtSecret: 'benchmark-secret-of-at-least-32-characters',
    logLevel: 'warn',
    rateLimits,
    // The sign-in case needs the seeded accounts, which production mode leaves out unless told.
    seed: true,
  })
}

const app = await createApp()
const address = await app.listen({ host: '127.0.0.1', port: 0 })
process.stdout.write(`${JSON.stringify({ address })}\n`)
// The bench asks for the server's own CPU time: a figure that holds on a shared, busy machine.
process.on('message', (message) => {
  if (message === 'cpu') process.send?.(process.cpuUsage())
})
process.on('SIGTERM', () => {
  app.close().then(() => process.exit(0))
})
