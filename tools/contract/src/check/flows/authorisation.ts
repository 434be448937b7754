import { isJsonObject } from '@devenv/openapi'
import type { Answer } from '../../http'
import type { Suite } from '../../report'
import type { RunContext } from '../context'
import {
  type Flow,
  type FlowOptions,
  field,
  flowAccount,
  isolated,
  NO_ACCOUNT,
  NO_SECOND_ACCOUNT,
  recorderOf,
  signInStep,
} from './support'

const lists = (id: string, wanted: boolean) => (answer: Answer) => {
  const items = field(answer, 'items')
  const listed = Array.isArray(items) && items.some((item) => isJsonObject(item) && item.id === id)
  return listed === wanted ? undefined : wanted ? 'not listed' : `lists ${id}`
}

/** Another user's environment answers as an unknown one, and is not listed. */
const OWN_ONLY = ['environments.only-the-users-own']

/**
 * Object-level authorisation (OWASP API1): another user can neither read, delete nor list an
 * environment; it answers 404 as an unknown one does, and the owner still has it.
 */
async function authorisationFlow(run: RunContext, options: FlowOptions): Promise<Suite> {
  const context = isolated(run, 'authorisation')
  const flow = recorderOf(
    context,
    "authorisation: another user's environments cannot be read, deleted or listed",
  )
  const owner = await flowAccount(flow, context, 'owner', context.credentials)
  const other = await flowAccount(flow, context, 'other', options.secondCredentials)
  if (!owner || !other || owner.credentials.email === other.credentials.email) {
    flow.skip(
      "another user reads, deletes and lists the owner's environment",
      owner ? NO_SECOND_ACCOUNT : NO_ACCOUNT,
    )
    return flow.suite
  }
  const ownerTokens = await signInStep(flow, 'the owner signs in: 200', owner.credentials)
  const otherTokens = await signInStep(flow, 'the other user signs in: 200', other.credentials)
  if (!ownerTokens || !otherTokens) return flow.suite
  const created = await flow.request(
    'the owner creates an environment: 201',
    'createEnvironment',
    {
      token: ownerTokens.access,
      body: {
        name: `authz-${context.runId}`,
        template: 'node-20',
        size: 'starter',
        region: 'eu-central',
      },
    },
    { status: 201 },
    true,
  )
  const id = String(field(created, 'id'))
  const params = { id }
  await flow.request(
    "the owner's list includes it",
    'listEnvironments',
    { token: ownerTokens.access },
    {
      status: 200,
      also: lists(id, true),
    },
  )
  await flow.request(
    "another user's GET of it: 404",
    'getEnvironment',
    { params, token: otherTokens.access },
    { status: 404, rules: OWN_ONLY },
  )
  await flow.request(
    "another user's list does not include it",
    'listEnvironments',
    { token: otherTokens.access },
    { status: 200, also: lists(id, false), rules: OWN_ONLY },
  )
  await flow.request(
    "another user's DELETE of it: 404",
    'deleteEnvironment',
    { params, token: otherTokens.access },
    { status: 404, rules: OWN_ONLY },
  )
  await flow.request(
    'the owner still has it, not being deleted',
    'getEnvironment',
    { params, token: ownerTokens.access },
    {
      status: 200,
      also: (answer) =>
        field(answer, 'status') === 'deleting' ? 'another user started its deletion' : undefined,
      rules: OWN_ONLY,
    },
  )
  await flow.request(
    'the owner deletes it: 202',
    'deleteEnvironment',
    { params, token: ownerTokens.access },
    { status: 202 },
  )
  return flow.suite
}

export const AUTHORISATION_FLOWS: Flow[] = [{ id: 'authorisation', run: authorisationFlow }]
