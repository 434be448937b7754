import { createFileRoute, redirect } from '@tanstack/react-router'

// Sign-in lands on /dashboard (spec); it is the in-app environments dashboard at /admin (decision 9).
export const Route = createFileRoute('/dashboard')({
  beforeLoad: () => {
    throw redirect({ to: '/admin', replace: true })
  },
})
