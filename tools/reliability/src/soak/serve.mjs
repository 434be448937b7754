// The stub for the soak run, in its own process (plain node, the built stub, --expose-gc): the
// load generator never shares its event loop, and the harness can ask for the heap after a full
// garbage collection over IPC.
import { buildServer } from '@devenv/stub-api'

const app = buildServer({
  mode: 'development',
  logLevel: 'warn',
  rateLimits: process.env.RATE_LIMITS ?? 'relaxed',
  jwtSecret: 'soak-test-secret-of-at-least-32-characters',
})
const address = await app.listen({ host: '127.0.0.1', port: 0 })
process.send?.({ address })
process.on('message', (message) => {
  if (message !== 'memory') return
  // Two passes: the first can leave finalised objects for the second.
  globalThis.gc?.()
  globalThis.gc?.()
  process.send?.({ memory: process.memoryUsage() })
})
const stop = () => {
  app.close().then(() => process.exit(0))
  // A close that hangs still ends the process.
  setTimeout(() => process.exit(1), 10_000).unref()
}
process.on('SIGTERM', stop)
// The harness went, however (even kill -9): its IPC channel closed.
process.on('disconnect', stop)
