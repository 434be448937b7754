import { queryOptions } from '@tanstack/react-query'
import type { ApiClient } from './client'
import { dataOf } from './client'
import { isApiError } from './errors'

/**
 * Query keys of the contract's reads, one tree per resource, so that a mutation can invalidate
 * exactly what it changed (`queryKeys.environments.all` covers the list and every detail).
 */
export const queryKeys = {
  profile: ['profile'] as const,
  environments: {
    all: ['environments'] as const,
    list: () => [...queryKeys.environments.all, 'list'] as const,
    detail: (id: string) => [...queryKeys.environments.all, 'detail', id] as const,
  },
  aiModels: ['ai', 'models'] as const,
  health: ['health'] as const,
}

export function profileQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: queryKeys.profile,
    queryFn: ({ signal }) => dataOf(api.GET('/user/profile', { signal })),
  })
}

export function environmentsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: queryKeys.environments.list(),
    queryFn: ({ signal }) => dataOf(api.GET('/environments', { signal })),
  })
}

export function environmentQueryOptions(api: ApiClient, id: string) {
  return queryOptions({
    queryKey: queryKeys.environments.detail(id),
    queryFn: ({ signal }) =>
      dataOf(api.GET('/environments/{id}', { params: { path: { id } }, signal })),
  })
}

export function aiModelsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: queryKeys.aiModels,
    queryFn: ({ signal }) => dataOf(api.GET('/ai/models', { signal })),
    // The model list changes with deployments, not while a page is open.
    staleTime: 5 * 60_000,
  })
}

export function healthQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: queryKeys.health,
    queryFn: ({ signal }) => dataOf(api.GET('/health', { signal })),
  })
}

/**
 * Retry policy for reads that a person is waiting on: one more try after a timeout, a lost
 * connection or a 5xx, none after a 4xx (the answer will not change), so an error state shows
 * within seconds instead of after TanStack Query's default three retries.
 */
export function retryTransientOnce(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1 || !isApiError(error)) return false
  return error.kind !== 'http' || error.status >= 500
}
