import { dataOf } from '@devenv/api-client'
import { queryKeys } from '@devenv/api-client/query'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import type { Environment, EnvironmentList } from './list-environments'

export type CreateEnvironmentBody = Pick<Environment, 'name' | 'template' | 'size' | 'region'>

export function createEnvironment(body: CreateEnvironmentBody): Promise<Environment> {
  return dataOf(api.POST('/environments', { body }))
}

/** POST /environments: the new environment joins the list at once (newest first), then the list is re-read. */
export function useCreateEnvironment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createEnvironment,
    onSuccess: async (created) => {
      queryClient.setQueryData<EnvironmentList>(queryKeys.environments.list(), (previous) => ({
        items: [created, ...(previous?.items ?? []).filter((each) => each.id !== created.id)],
      }))
      await queryClient.invalidateQueries({ queryKey: queryKeys.environments.all })
    },
  })
}
