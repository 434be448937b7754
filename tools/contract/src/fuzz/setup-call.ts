import type { Contract } from '@devenv/openapi'
import { type Exchange, judge } from './checks'
import type { Tally } from './tally'
import { type FuzzTransport, operationRequest } from './transport'
import type { SetupCall } from './world'

/**
 * The call a world's set-up and clean-up go through, in `session` when it has one. Its requests
 * are the target's answers too: each one is judged and counted as `setup`.
 */
export function setupCallOf(
  transport: FuzzTransport,
  contract: Contract,
  session: string | undefined,
  tally: Tally,
): SetupCall {
  return async (operationId, call) => {
    const request = operationRequest(contract, operationId, call, session)
    const answer = await transport.send(request)
    const { method, url, headers } = request
    const exchange: Exchange = {
      operationId,
      request: { method, url, headers, body: JSON.stringify(call.body) ?? '(none)' },
      answer,
      input: 'positive',
      auth: contract.byId.get(operationId)?.requiresAuth ? 'valid' : 'public',
      ruleFields: [],
    }
    tally.record('setup', exchange, judge(contract, exchange))
    return answer
  }
}
