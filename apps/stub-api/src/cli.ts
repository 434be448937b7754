import { ConfigError, readConfig, readLogFormat } from './config.js'
import { PersistenceError } from './node/persistence.js'
import { buildServer } from './server.js'

// The CLI is the only caller of readConfig(process.env); exit code 2 means "fix your settings".
try {
  const config = readConfig(process.env)
  const app = buildServer({ ...config, logFormat: readLogFormat(process.env, config.mode) })
  let closing = false
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (closing) return
      closing = true
      app.log.info(`${signal}: closing (pending state writes are flushed first)`)
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'could not close cleanly')
          process.exit(1)
        },
      )
    })
  }
  const address = await app.listen({ host: config.host, port: config.port })
  // The SMTP server by its host and port only: the URL may carry credentials.
  const smtp = config.smtpUrl ? `; e-mail also by SMTP to ${new URL(config.smtpUrl).host}` : ''
  app.log.info(
    `DevEnv stub (${config.mode}) at ${address}/api; reference ${address}/docs${config.mode === 'production' ? '' : `; mailbox ${address}/__dev/mailbox.html`}${smtp}`,
  )
} catch (error) {
  if (error instanceof ConfigError || error instanceof PersistenceError) {
    console.error(error.message)
    process.exit(2)
  }
  if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(
      `${(error as Error).message}: another process listens there; set PORT (or HOST) to another value.`,
    )
    process.exit(1)
  }
  throw error
}
