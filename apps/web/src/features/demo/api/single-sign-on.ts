import { fetchTransport } from '@devenv/stub-api/dev-client'
import { queryOptions } from '@tanstack/react-query'

/** What the Dashboard button sent to the admin panel (SESSION-8's three query parameters). */
export type SingleSignOnArrival = {
  token?: string | undefined
  refresh?: string | undefined
  tokenValidSeconds?: string | undefined
}

/** The stub's verdict on the token (`GET /__dev/sso.json`): who arrived and until when. */
export type SingleSignOnVerdict =
  | { state: 'missing' }
  | { state: 'invalid'; reason: string }
  | { state: 'valid'; name: string; email: string; expiresAt: string; secondsLeft: number }

// The stub's development routes on the site's own origin: the browser stub answers them.
const transport = fetchTransport('', 5000)

export function singleSignOnQueryOptions(arrival: SingleSignOnArrival) {
  const query = new URLSearchParams({
    token: arrival.token ?? '',
    refresh: arrival.refresh ?? '',
    token_valid_seconds: arrival.tokenValidSeconds ?? '',
  })
  return queryOptions({
    queryKey: ['demo', 'single-sign-on', query.toString()],
    queryFn: async (): Promise<SingleSignOnVerdict> => {
      const answer = await transport({
        method: 'GET',
        path: `/__dev/sso.json?${query}`,
        headers: { accept: 'application/json' },
      })
      if (answer.status !== 200) throw new Error(`GET /__dev/sso.json answered ${answer.status}`)
      return answer.json as SingleSignOnVerdict
    },
    staleTime: 0,
  })
}
