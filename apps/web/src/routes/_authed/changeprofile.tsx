import { createFileRoute } from '@tanstack/react-router'
import { AccountPageHeader } from '../../features/account/components/account-page-header'
import { ProfileSettings } from '../../features/account/components/profile-settings'
import { pageHead } from '../../lib/head'

export const Route = createFileRoute('/_authed/changeprofile')({
  head: () => pageHead({ code: 'meta.changeProfile.title' }, 'meta.private.description'),
  component: ChangeProfile,
})

function ChangeProfile() {
  return (
    <>
      <AccountPageHeader heading="nav.profileSettings" lead="account.settings.lead" />
      <ProfileSettings />
    </>
  )
}
