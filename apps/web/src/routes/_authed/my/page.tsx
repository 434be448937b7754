import { createFileRoute } from '@tanstack/react-router'
import { PrivatePlaceholder } from '../../../features/account/components/private-placeholder'
import { pageHead } from '../../../lib/head'

export const Route = createFileRoute('/_authed/my/page')({
  head: () => pageHead({ code: 'meta.myPage.title' }, 'meta.private.description'),
  component: MyPage,
})

function MyPage() {
  return <PrivatePlaceholder heading="private.myPage.heading" />
}
