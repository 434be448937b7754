import { useSyncExternalStore } from 'react'

const noSubscription = () => () => {}

/** False on the server and while hydrating, true after: gates markup that prerendering cannot know. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
}
