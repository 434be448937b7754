import { healthQueryOptions, retryTransientOnce } from '@devenv/api-client/query'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

/** SITE-10's connection test: GET /health, asked afresh each time the page or the button asks. */
export const connectionTestOptions = queryOptions({
  ...healthQueryOptions(api),
  retry: retryTransientOnce,
  staleTime: 0,
  refetchOnWindowFocus: false,
})

export function useConnectionTest() {
  return useQuery(connectionTestOptions)
}
