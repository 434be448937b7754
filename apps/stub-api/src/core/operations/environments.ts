import {
  type DevEnvironmentStatus,
  devEnvironmentResources,
  isDevEnvironmentQuotaReached,
} from '@devenv/domain/dev-environments'
import type { components } from '@devenv/openapi/types'
import type { StubContext } from '../context'
import { ApiError, type ErrorCode } from '../contract/errors'
import { API_MESSAGES } from '../contract/messages'
import { API_PREFIXES, type DefineOperation } from '../contract/operations'
import type { CoreRequest } from '../request'
import { signedInAccount } from '../security/authenticate'
import type { EnvironmentRecord } from '../state/records'
import type { StubStore } from '../state/store'

/** Development control: an environment named `fail-...` ends provisioning in `failed`. */
export const FAILING_NAME_PREFIX = 'fail-'

type Lifecycle = { status: DevEnvironmentStatus; gone: boolean }

/** The status at `now`, from timestamps: no timers, so the dev clock and restarts just work. */
export function lifecycleOf(
  ctx: StubContext,
  environment: EnvironmentRecord,
  now: number,
): Lifecycle {
  if (environment.deleteRequestedAt !== null) {
    return {
      status: 'deleting',
      gone: now >= environment.deleteRequestedAt + ctx.config.deleteSeconds * 1000,
    }
  }
  if (now < environment.createdAt + ctx.config.provisionSeconds * 1000) {
    return { status: 'provisioning', gone: false }
  }
  return { status: environment.failsProvisioning ? 'failed' : 'running', gone: false }
}

/** The contract's `Environment`. */
type EnvironmentView = components['schemas']['Environment']

export function environmentView(
  ctx: StubContext,
  environment: EnvironmentRecord,
  now: number,
): EnvironmentView {
  const { status } = lifecycleOf(ctx, environment, now)
  return {
    id: environment.id,
    name: environment.name,
    template: environment.template,
    size: environment.size,
    // The plan's figures are the contract's (the domain's table is its source); the region was
    // checked against the contract's enum when the environment was created.
    resources: { ...devEnvironmentResources(environment.size) } as EnvironmentView['resources'],
    region: environment.region as EnvironmentView['region'],
    status,
    url:
      status === 'running'
        ? `https://${environment.name}-${environment.id.slice(0, 8)}.${environment.region}.devenv.example`
        : null,
    createdAt: new Date(environment.createdAt).toISOString(),
  }
}

/** The account's environments that still exist, newest first; finished deletions are dropped. */
function environmentsOf(
  ctx: StubContext,
  store: StubStore,
  accountId: string,
): EnvironmentRecord[] {
  const now = store.now()
  const owned: EnvironmentRecord[] = []
  for (const environment of store.environments.values()) {
    if (environment.accountId !== accountId) continue
    if (lifecycleOf(ctx, environment, now).gone) store.environments.delete(environment.id)
    else owned.push(environment)
  }
  return owned.sort((a, b) => b.createdAt - a.createdAt || a.id.localeCompare(b.id))
}

function notFound(): ApiError {
  return new ApiError(404, 'NOT_FOUND', API_MESSAGES.environmentNotFound)
}

/** Another user's environment answers 404 as an unknown one does, so ids cannot be probed. */
function ownedEnvironment(ctx: StubContext, request: CoreRequest): EnvironmentRecord {
  const account = signedInAccount(request)
  const { id } = request.params as { id: string }
  const environment = environmentsOf(ctx, request.store, account.id).find(
    (each) => each.id === id.toLowerCase(),
  )
  if (!environment) throw notFound()
  return environment
}

function apiPrefixOf(url: string): string {
  return url.startsWith(`${API_PREFIXES[1]}/`) ? API_PREFIXES[1] : API_PREFIXES[0]
}

export function environmentOperations(ctx: StubContext, define: DefineOperation) {
  define(
    'listEnvironments',
    'GET /environments',
  )(async (request) => {
    const account = signedInAccount(request)
    const now = request.store.now()
    const items = environmentsOf(ctx, request.store, account.id).map((each) =>
      environmentView(ctx, each, now),
    )
    return { status: 200, json: { items } }
  })

  define(
    'createEnvironment',
    'POST /environments',
  )(async (request) => {
    const account = signedInAccount(request)
    const store = request.store
    const wanted = request.body
    const existing = environmentsOf(ctx, store, account.id)
    const now = store.now()
    const quota = ctx.rules.environmentQuota
    const statuses = existing.map((each) => lifecycleOf(ctx, each, now))
    if (isDevEnvironmentQuotaReached(statuses, quota)) {
      throw new ApiError(
        quota.status,
        quota.code as ErrorCode,
        `You already have ${quota.limit} environments. Delete one to create another.`,
      )
    }
    const unique = ctx.rules.environmentUnique
    const uniqueOf = (record: object) => (record as Record<string, unknown>)[unique.field]
    if (existing.some((each) => uniqueOf(each) === uniqueOf(wanted))) {
      throw new ApiError(
        unique.status,
        unique.code as ErrorCode,
        `An environment named ${wanted.name} already exists`,
      )
    }
    const environment: EnvironmentRecord = {
      id: store.newId(),
      accountId: account.id,
      name: wanted.name,
      template: wanted.template,
      size: wanted.size,
      region: wanted.region,
      createdAt: now,
      failsProvisioning: ctx.devControls && wanted.name.startsWith(FAILING_NAME_PREFIX),
      deleteRequestedAt: null,
    }
    store.environments.set(environment.id, environment)
    return {
      status: 201,
      headers: { location: `${apiPrefixOf(request.url)}/environments/${environment.id}` },
      json: environmentView(ctx, environment, now),
    }
  })

  define(
    'getEnvironment',
    'GET /environments/{id}',
  )(async (request) => ({
    status: 200,
    json: environmentView(ctx, ownedEnvironment(ctx, request), request.store.now()),
  }))

  define(
    'deleteEnvironment',
    'DELETE /environments/{id}',
  )(async (request) => {
    const environment = ownedEnvironment(ctx, request)
    const now = request.store.now()
    if (environment.deleteRequestedAt === null) environment.deleteRequestedAt = now
    return { status: 202, json: environmentView(ctx, environment, now) }
  })
}
