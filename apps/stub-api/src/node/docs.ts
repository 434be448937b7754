import { readFile } from 'node:fs/promises'
import type { Contract } from '@devenv/openapi'
import type { FastifyHelmetRouteOptions } from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'
import { escapeHtml, page } from '../core'
import { PAGE_HELMET_BASE } from './headers'

/** Redoc's inline bundle runs scripts, workers and inline styles, and may load Google Fonts. */
const REFERENCE_HELMET: FastifyHelmetRouteOptions['helmet'] = {
  ...PAGE_HELMET_BASE,
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", "'unsafe-inline'", 'blob:'],
      workerSrc: ["'self'", 'blob:'],
      styleSrc: ["'self'", "'unsafe-inline'", 'https://fonts.googleapis.com'],
      fontSrc: ["'self'", 'data:', 'https://fonts.gstatic.com'],
      imgSrc: ["'self'", 'data:', 'https:'],
      connectSrc: ["'self'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
    },
  },
}

/** The contract itself, served by the stub: YAML, JSON and a readable reference. */
export async function docsRoutes(app: FastifyInstance, { contract }: { contract: Contract }) {
  app.get('/docs/openapi.yaml', async (_request, reply) => {
    // A contract built in memory has no file to serve.
    if (!contract.documentPath)
      return reply.code(404).send({ message: 'Not found', code: 'NOT_FOUND' })
    reply.type('application/yaml; charset=utf-8')
    return readFile(contract.documentPath, 'utf8')
  })

  app.get('/docs/openapi.json', async () => contract.document)

  app.get('/docs', { helmet: REFERENCE_HELMET }, async (_request, reply) => {
    reply.type('text/html; charset=utf-8')
    if (contract.referencePath) return readFile(contract.referencePath, 'utf8')
    return page(
      `${contract.document.info.title} ${contract.document.info.version}`,
      `<p>The interactive reference is built by <code>pnpm --filter @devenv/openapi build</code>; until then, read the contract itself:</p>
<ul><li><a href="/docs/openapi.yaml">openapi.yaml</a></li><li><a href="/docs/openapi.json">openapi.json</a></li></ul>
<p class="muted">${escapeHtml(String(contract.document.info.summary ?? ''))}</p>`,
    )
  })
}
