import { createFileRoute } from '@tanstack/react-router'
import { PrivatePlaceholder } from '../../features/account/components/private-placeholder'
import { pageHead } from '../../lib/head'

export const Route = createFileRoute('/_authed/admin')({
  head: () => pageHead({ code: 'meta.admin.title' }, 'meta.private.description'),
  component: Admin,
})

function Admin() {
  return <PrivatePlaceholder heading="private.admin.heading" />
}
