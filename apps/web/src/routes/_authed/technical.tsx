import { createFileRoute } from '@tanstack/react-router'
import { TechnicalPage } from '../../features/technical/components/technical-page'
import { pageHead } from '../../lib/head'

export const Route = createFileRoute('/_authed/technical')({
  head: () => pageHead({ code: 'meta.technical.title' }, 'meta.technical.description'),
  component: TechnicalPage,
})
