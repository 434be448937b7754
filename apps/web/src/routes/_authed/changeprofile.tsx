import { createFileRoute } from '@tanstack/react-router'
import { PrivatePlaceholder } from '../../features/account/components/private-placeholder'
import { pageHead } from '../../lib/head'

export const Route = createFileRoute('/_authed/changeprofile')({
  head: () => pageHead({ code: 'meta.changeProfile.title' }, 'meta.private.description'),
  component: ChangeProfile,
})

function ChangeProfile() {
  return <PrivatePlaceholder heading="private.changeProfile.heading" />
}
