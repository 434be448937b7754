import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { logEvent } from '../lib/event-log'

/**
 * Every signed-in page sits under this pathless layout: the one guard. Signed out, the visitor
 * goes to /?redirect=<path> with the sign-in modal open, and the attempt is logged (SITE-4).
 */
export const Route = createFileRoute('/_authed')({
  beforeLoad: ({ context, location, preload }) => {
    if (context.auth.isAuthenticated()) return
    // Hovering a link preloads it: only a real visit is an unauthorised attempt.
    if (!preload) logEvent('unauthorized_access', { path: location.href })
    throw redirect({ to: '/', search: { redirect: location.href, auth: 'login' }, replace: true })
  },
  component: Outlet,
})
