import { createFileRoute } from '@tanstack/react-router'
import { NotFoundPage } from '../features/not-found/components/not-found-page'
import { pageHead } from '../lib/head'
import { searchText } from '../lib/search-params'

export const Route = createFileRoute('/404')({
  // `from` keeps the path that was asked for, for the 404 event and the restricted-area note.
  validateSearch: (search: Record<string, unknown>): { from?: string } => {
    const from = searchText(search.from, 2048)
    return from ? { from } : {}
  },
  head: () => pageHead({ code: 'notFound.title' }, 'meta.notFound.description'),
  component: NotFoundRoute,
})

function NotFoundRoute() {
  const { from } = Route.useSearch()
  return <NotFoundPage from={from} />
}
