import { queryOptions } from '@tanstack/react-query'
import type { ApiClient } from './client'
import { dataOf } from './client'

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
