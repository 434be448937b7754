import type { StubContext } from '../context'
import type { DefineOperation } from '../contract/operations'

export function healthOperations(ctx: StubContext, define: DefineOperation) {
  const version = ctx.contract.document.info.version
  define(
    'getHealth',
    'GET /health',
  )(async (request) => ({
    status: 200,
    json: {
      status: 'ok',
      version,
      uptimeSeconds: Math.max(0, Math.floor((ctx.realNow() - ctx.startedAt) / 1000)),
      time: new Date(request.store.now()).toISOString(),
    },
  }))
}
