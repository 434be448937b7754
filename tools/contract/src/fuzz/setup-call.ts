import type { Contract } from '@devenv/openapi'
import { type OperationCall, operationRequest, type Transport } from '../http'
import { type Exchange, judge } from './checks'
import type { Tally } from './tally'
import type { SetupCall } from './world'

/**
 * The call a world's set-up and clean-up go through, in `session` when it has one. Its requests
 * are the target's answers too: each one is judged and counted as `setup`.
 */
export function setupCallOf(
  transport: Transport,
  contract: Contract,
  session: string | undefined,
  tally: Tally,
): SetupCall {
  return async (operationId, call) => {
    const exchange = await sendOperation(transport, contract, operationId, call, session, {
      input: 'positive',
      auth: contract.byId.get(operationId)?.requiresAuth ? 'valid' : 'public',
    })
    tally.record('setup', exchange, judge(contract, exchange))
    return exchange.answer
  }
}

/**
 * An operation's request sent as the contract writes it, in `session` when there is one: the
 * exchange its answer is judged by, with what the caller knows of its input and bearer.
 */
export async function sendOperation(
  transport: Transport,
  contract: Contract,
  operationId: string,
  call: OperationCall,
  session: string | undefined,
  kind: Pick<Exchange, 'input' | 'auth'>,
): Promise<Exchange> {
  const request = operationRequest(contract, operationId, call, { session })
  const answer = await transport.send(request)
  const { method, url, headers } = request
  return {
    operationId,
    request: { method, url, headers, body: JSON.stringify(call.body) ?? '(none)' },
    answer,
    ...kind,
    ruleFields: [],
  }
}
