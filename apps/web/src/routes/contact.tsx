import { createFileRoute } from '@tanstack/react-router'
import { ContactPage } from '../features/contact/components/contact-page'
import { pageHead } from '../lib/head'

export const Route = createFileRoute('/contact')({
  head: () => pageHead({ code: 'meta.contact.title' }, 'meta.contact.description'),
  component: ContactPage,
})
