import { createFileRoute, redirect } from '@tanstack/react-router'

// Any path no route claims goes to /404, keeping the original for the 404_page_access event.
export const Route = createFileRoute('/$')({
  beforeLoad: ({ location }) => {
    throw redirect({ to: '/404', search: { from: location.pathname }, replace: true })
  },
})
