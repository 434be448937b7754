import type { FastifyInstance } from 'fastify'
import type { PluginOptions } from '../context'
import { defineOperation } from '../contract/operations'

export async function healthRoutes(app: FastifyInstance, { ctx }: PluginOptions) {
  const version = ctx.contract.document.info.version
  defineOperation(app, ctx, 'getHealth', async (request) => ({
    status: 200,
    body: {
      status: 'ok',
      version,
      uptimeSeconds: Math.max(0, Math.floor((ctx.realNow() - ctx.startedAt) / 1000)),
      time: new Date(request.store.now()).toISOString(),
    },
  }))
}
