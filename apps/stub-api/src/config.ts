import { z } from 'zod'

// The only place that reads the environment: every setting is validated once, at start-up.
const settingsSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4010),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
})

export type StubConfig = {
  host: string
  port: number
  logLevel: z.infer<typeof settingsSchema>['LOG_LEVEL']
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

export function readConfig(env: Record<string, string | undefined>): StubConfig {
  const parsed = settingsSchema.safeParse(env)
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map(
        (issue) =>
          `  ${issue.path.join('.')}=${JSON.stringify(env[String(issue.path[0])])}: ${issue.message}`,
      )
      .join('\n')
    throw new ConfigError(`Invalid stub settings:\n${problems}`)
  }
  return { host: parsed.data.HOST, port: parsed.data.PORT, logLevel: parsed.data.LOG_LEVEL }
}
