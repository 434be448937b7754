import { createFileRoute, redirect } from '@tanstack/react-router'

// Sign-in lands on /dashboard (AUTH-2); it is the in-app environments dashboard at /admin (SITE-5).
export const Route = createFileRoute('/dashboard')({
  beforeLoad: () => {
    throw redirect({ to: '/admin', replace: true })
  },
})
