// INTERIM (until the MSW node stub lands): one Fastify stub for the run, each test file in its
// own stub session.
import { buildServer } from '@devenv/stub-api'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    stubOrigin: string
  }
}

export default async function setup(project: TestProject) {
  const app = buildServer({
    mode: 'test',
    logLevel: 'silent',
    scryptCost: 1024,
    corsOrigins: ['http://localhost:3000'],
  })
  const origin = await app.listen({ host: '127.0.0.1', port: 0 })
  project.provide('stubOrigin', origin)
  return () => app.close()
}
