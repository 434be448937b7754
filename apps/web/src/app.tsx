import { RouterProvider } from '@tanstack/react-router'
import { StrictMode, useEffect } from 'react'
import type { AppRouter } from './router'

/** Marks the document once React owns it: browser tests wait for it before they drive the page. */
function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
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
