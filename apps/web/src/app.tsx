import { RouterProvider } from '@tanstack/react-router'
import { StrictMode, useEffect } from 'react'
import { replayEarlyInput } from './early-input'
import type { AppRouter } from './router'

/**
 * Once React owns the document: marks it (browser tests wait for the mark before they drive the
 * page), and replays what the visitor did on the prerendered page meanwhile, in a task of its
 * own so that React can hydrate the parts the replay reaches (src/early-input.ts).
 */
function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
    setTimeout(replayEarlyInput, 0)
  }, [])
  return null
}

export function App({ router }: { router: AppRouter }) {
  return (
    <StrictMode>
      <HydrationMark />
      <RouterProvider router={router} />
    </StrictMode>
  )
}
