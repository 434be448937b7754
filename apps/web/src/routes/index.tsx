import { createFileRoute } from '@tanstack/react-router'
import { HomePage } from '../features/home/components/home-page'
import { pageHead } from '../lib/head'

export const Route = createFileRoute('/')({
  head: () => pageHead({ code: 'page.home.title', brand: false }, 'meta.home.description'),
  component: HomePage,
})
