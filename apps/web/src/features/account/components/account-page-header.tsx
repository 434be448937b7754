import type { SharedMessageCode } from '../../../lib/i18n/i18n'
import { accountMessages } from '../messages'
import type { AccountMessageCode } from '../messages/en'
import '../../../styles/signed-in.css'
import '../account.css'

/** The title block of an account page. */
export function AccountPageHeader({
  heading,
  lead,
}: {
  heading: SharedMessageCode
  lead: AccountMessageCode
}) {
  const t = accountMessages.useT()
  return (
    <section className="page-header page-header--start">
      <div className="container">
        <h1>{t(heading)}</h1>
        <p className="lead">{t(lead)}</p>
      </div>
    </section>
  )
}
