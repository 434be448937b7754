import { RouterProvider } from '@tanstack/react-router'
import { StrictMode, useEffect } from 'react'
import { replayEarlyInput } from './early-input'
import type { AppRouter } from './router'

/**
 * Once React owns the document: replays what the visitor did on the prerendered page meanwhile,
 * then marks the document (browser tests wait for the mark before they drive the page). It comes
 * after the router, so its effect runs after the pages' own (forms have registered their fields).
 */
function HydrationMark() {
  useEffect(() => {
    replayEarlyInput()
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return null
}

export function App({ router }: { router: AppRouter }) {
  return (
    <StrictMode>
      <RouterProvider router={router} />
      <HydrationMark />
    </StrictMode>
  )
}
