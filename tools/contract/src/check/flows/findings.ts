import { headerOf } from '../../http'
import type { Suite } from '../../report'
import type { RunContext } from '../context'
import { SuiteRecorder } from '../recorder'
import { field } from './support'

/** Not failures: behaviour worth a decision (enumeration, security headers, CORS). */
export async function lookForFindings(context: RunContext): Promise<Suite> {
  const flow = new SuiteRecorder('findings', 'flow', context.contract, context.target)
  const unknown = `contract-nobody-${context.runId}@example.com`
  const answer = await flow.request(
    'forgot-password for an unknown address answers a documented status',
    'requestPasswordReset',
    { body: { username: unknown } },
    {
      status: [200, 401, 429],
      // A server that answers alike says 200 here: what it mails is for the account flows.
      rules: (answer) => (answer.status === 401 ? ['reset-link.unknown-address-answers-401'] : []),
    },
  )
  if (answer?.status === 401) {
    context.finding({
      title: 'E-mail enumeration on forgot-password',
      detail: `${flow.route('requestPasswordReset')} answers 401 "${String(field(answer, 'message'))}" for an unknown address and 200 for a known one, so anyone can test whether an address has an account (API-7, relied on by RESET-3; the contract allows a uniform 200).`,
    })
  }
  const health = await flow.raw('getHealth', {
    headers: { Origin: 'https://contract-runner.invalid' },
  })
  const missing = ['x-content-type-options', 'content-security-policy'].filter(
    (header) => headerOf(health, header) === null,
  )
  if (missing.length > 0) {
    context.finding({
      title: 'Security headers missing',
      detail: `${flow.route('getHealth')} answers without ${missing.join(' and ')}.`,
    })
  }
  const allowed = headerOf(health, 'access-control-allow-origin')
  if (allowed === '*' || allowed === 'https://contract-runner.invalid') {
    context.finding({
      title: 'CORS allows any origin',
      detail: `An unknown origin got Access-Control-Allow-Origin: ${allowed}.`,
    })
  }
  return flow.suite
}
