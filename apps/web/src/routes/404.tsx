import { createFileRoute } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { NotFoundPage } from '../features/not-found/components/not-found-page'
import { pageHead } from '../lib/head'

// `from` keeps the path that was asked for, for the 404 event and the restricted-area note.
const notFoundSearchSchema = z.object({
  from: z.catch(z.optional(z.string().check(z.maxLength(2048))), undefined),
})

export const Route = createFileRoute('/404')({
  validateSearch: (search: Record<string, unknown>): { from?: string } => {
    const { from } = notFoundSearchSchema.parse(search)
    return from ? { from } : {}
  },
  head: () => pageHead({ code: 'notFound.title' }, 'meta.notFound.description'),
  component: NotFoundRoute,
})

function NotFoundRoute() {
  const { from } = Route.useSearch()
  return <NotFoundPage from={from} />
}
