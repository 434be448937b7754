import { createFileRoute } from '@tanstack/react-router'
import { AccountDetails } from '../../../features/account/components/account-details'
import { AccountPageHeader } from '../../../features/account/components/account-page-header'
import { EnvironmentsSummary } from '../../../features/environments/components/environments-summary'
import { pageHead } from '../../../lib/head'

export const Route = createFileRoute('/_authed/my/page')({
  head: () => pageHead({ code: 'meta.myPage.title' }, 'meta.private.description'),
  component: MyPage,
})

/** The account's details beside a summary of its environments. */
function MyPage() {
  return (
    <>
      <AccountPageHeader heading="nav.myAccount" lead="account.myPage.lead" />
      <div className="section section--tight">
        <div className="container account-grid">
          <AccountDetails />
          <EnvironmentsSummary />
        </div>
      </div>
    </>
  )
}
