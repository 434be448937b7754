import { ConfigError, readConfig } from './config.js'
import { buildServer } from './server.js'

try {
  const config = readConfig(process.env)
  const app = buildServer({ logLevel: config.logLevel })
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void app.close().then(() => process.exit(0))
    })
  }
  await app.listen({ host: config.host, port: config.port })
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message)
    process.exit(2)
  }
  throw error
}
