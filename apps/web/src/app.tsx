import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import type { AppRouter } from './router'

export function App({ router }: { router: AppRouter }) {
  return (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  )
}
