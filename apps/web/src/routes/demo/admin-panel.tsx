import { createFileRoute, redirect } from '@tanstack/react-router'
import { AdminPanelPage } from '../../features/demo/components/admin-panel-page'
import { pageHead } from '../../lib/head'
import { searchText } from '../../lib/search-params'

type Arrival = { token?: string; refresh?: string; token_valid_seconds?: string }

// The single-sign-on receiver wherever the stub runs in the page (the demo, and `npm run dev --
// --stub=browser`: env.adminPanelUrl there); elsewhere no such page exists.
export const Route = createFileRoute('/demo/admin-panel')({
  validateSearch: (search: Record<string, unknown>): Arrival => {
    const arrival: Arrival = {}
    const token = searchText(search.token, 8192)
    const refresh = searchText(search.refresh, 8192)
    // The router reads a number-like value as a number.
    const seconds = searchText(String(search.token_valid_seconds ?? ''), 16)
    if (token) arrival.token = token
    if (refresh) arrival.refresh = refresh
    if (seconds) arrival.token_valid_seconds = seconds
    return arrival
  },
  beforeLoad: ({ location }) => {
    if (!__BROWSER_STUB__) {
      throw redirect({ to: '/404', search: { from: location.pathname }, replace: true })
    }
  },
  head: () => pageHead({ code: 'meta.admin.title' }, 'meta.private.description'),
  component: AdminPanelRoute,
})

function AdminPanelRoute() {
  const search = Route.useSearch()
  return (
    <AdminPanelPage
      arrival={{
        token: search.token,
        refresh: search.refresh,
        tokenValidSeconds: search.token_valid_seconds,
      }}
    />
  )
}
