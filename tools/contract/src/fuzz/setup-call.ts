import type { Contract } from '@devenv/openapi'
import { DEV_PATHS, STUB_SESSION_HEADER } from '@devenv/openapi/dev-protocol'
import { type Exchange, judge } from './checks'
import type { Tally } from './tally'
import type { FuzzTransport } from './transport'
import type { SetupCall } from './world'

/**
 * The call a world's set-up and clean-up go through, in `session` when it has one. Its requests
 * are the target's answers too: each one of an operation is judged and counted as `setup`.
 */
export function setupCallOf(
  transport: FuzzTransport,
  contract: Contract,
  session: string | undefined,
  tally: Tally,
): SetupCall {
  return async (operationId, { method, path, body, token }) => {
    const headers: Record<string, string> =
      session === undefined ? {} : { [STUB_SESSION_HEADER]: session }
    if (body !== undefined) headers['content-type'] = 'application/json'
    if (token !== undefined) headers.authorization = `Bearer ${token}`
    const url = path.startsWith(DEV_PATHS.index) ? path : `/api${path}`
    const answer = await transport.send({
      method,
      url,
      headers,
      ...(body !== undefined ? { payload: Buffer.from(JSON.stringify(body)) } : {}),
    })
    if (operationId !== '') {
      const exchange: Exchange = {
        operationId,
        request: { method, url, headers, body: JSON.stringify(body) ?? '(none)' },
        answer,
        input: 'positive',
        auth: contract.byId.get(operationId)?.requiresAuth ? 'valid' : 'public',
        ruleFields: [],
      }
      tally.record('setup', exchange, judge(contract, exchange))
    }
    return answer
  }
}
