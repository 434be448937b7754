import { dataOf, isApiError } from '@devenv/api-client'
import { queryKeys } from '@devenv/api-client/query'
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import type { Environment, EnvironmentList } from './list-environments'

export function deleteEnvironment(environment: Environment): Promise<Environment> {
  return dataOf(api.DELETE('/environments/{id}', { params: { path: { id: environment.id } } }))
}

type Rollback = { previous: Environment | undefined }

function updateListed(
  queryClient: QueryClient,
  id: string,
  change: (environment: Environment) => Environment | null,
): void {
  queryClient.setQueryData<EnvironmentList>(queryKeys.environments.list(), (list) => {
    if (!list) return list
    const items: Environment[] = []
    for (const environment of list.items) {
      if (environment.id !== id) items.push(environment)
      else {
        const changed = change(environment)
        if (changed) items.push(changed)
      }
    }
    return { items }
  })
}

/**
 * DELETE /environments/{id}, optimistic: the environment shows `deleting` at once (what the
 * server answers), and goes back to what it was if the call fails. A 404 means it is already gone.
 */
export function useDeleteEnvironment() {
  const queryClient = useQueryClient()
  return useMutation<Environment, unknown, Environment, Rollback>({
    mutationFn: deleteEnvironment,
    onMutate: async (environment) => {
      // A list read in flight would overwrite the optimistic state with the old one.
      await queryClient.cancelQueries({ queryKey: queryKeys.environments.list() })
      const listed = queryClient.getQueryData<EnvironmentList>(queryKeys.environments.list())
      const previous = listed?.items.find((each) => each.id === environment.id)
      updateListed(queryClient, environment.id, (each) => ({
        ...each,
        status: 'deleting',
        url: null,
      }))
      return { previous }
    },
    onSuccess: (answer) => updateListed(queryClient, answer.id, () => answer),
    onError: (error, environment, rollback) => {
      if (isApiError(error) && error.status === 404) {
        updateListed(queryClient, environment.id, () => null)
        return
      }
      // Only this environment goes back: the rest of the list may have moved on meanwhile.
      const previous = rollback?.previous
      if (previous) updateListed(queryClient, environment.id, () => previous)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.environments.all }),
  })
}

/** A 404 on delete is not a failure to report: the environment no longer exists. */
export function isAlreadyGone(error: unknown): boolean {
  return isApiError(error) && error.status === 404
}
