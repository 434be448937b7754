import { dataOf } from '@devenv/api-client'
import { profileQueryOptions, queryKeys, retryTransientOnce } from '@devenv/api-client/query'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import type { Profile, ProfileUpdate } from '../account-forms'

// One options object for every render: new options on each render would notify the query cache
// each time, and the session runtime listens to that cache.
const profileOptions = { ...profileQueryOptions(api), retry: retryTransientOnce }

/** GET /user/profile: the same cache entry the session reads, so every page sees one profile. */
export function useProfile() {
  return useQuery(profileOptions)
}

export function updateProfile(body: ProfileUpdate): Promise<Profile> {
  return dataOf(api.PUT('/user/profile', { body }))
}

/** PUT /user/profile; the answer replaces the cached profile, and the greeting follows it. */
export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (updated) => queryClient.setQueryData(queryKeys.profile, updated),
  })
}
