import type { components } from '@devenv/api-client'
import { environmentsQueryOptions, retryTransientOnce } from '@devenv/api-client/query'
import { anyDevEnvironmentBusy } from '@devenv/domain/dev-environments'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

export type Environment = components['schemas']['Environment']
export type EnvironmentList = components['schemas']['EnvironmentList']

/** Provisioning takes under 2 minutes and deletion under one: a look every 2 s shows it promptly. */
export const ENVIRONMENTS_POLL_MS = 2000

/**
 * GET /environments, polled while any environment is provisioning or deleting, quiet otherwise.
 * One options object for every render, so the query cache is not told of new options each time.
 */
export const environmentsListOptions = queryOptions({
  ...environmentsQueryOptions(api),
  retry: retryTransientOnce,
  refetchInterval: (query) => {
    const items = query.state.data?.items
    return items && anyDevEnvironmentBusy(items) ? ENVIRONMENTS_POLL_MS : false
  },
})

export function useEnvironments() {
  return useQuery(environmentsListOptions)
}
