import { createDevClient, type Mail } from '@devenv/stub-api/dev-client'
import { queryOptions } from '@tanstack/react-query'

export type { Mail }

// The stub's development routes on the site's own origin: the browser stub answers them.
const devClient = createDevClient({ origin: '', timeoutMs: 5000 })

/** Every e-mail the stub sent (no recipient filter), newest first; polled while the panel is open. */
export const mailboxQueryOptions = queryOptions({
  queryKey: ['demo', 'mailbox'],
  queryFn: () => devClient.mailbox(''),
  refetchInterval: 2000,
  staleTime: 0,
})

/** Back to the seeded accounts, an empty mailbox and the stub's own clock. */
export const resetDemoData = () => devClient.reset()
