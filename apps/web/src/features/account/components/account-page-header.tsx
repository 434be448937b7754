import type { TextCode } from '../../../lib/i18n/i18n'
import { type AccountCode, accountTexts } from '../texts'
import '../../../styles/signed-in.css'
import '../account.css'

/** The title block of an account page. */
export function AccountPageHeader({ heading, lead }: { heading: TextCode; lead: AccountCode }) {
  const t = accountTexts.useT()
  return (
    <section className="page-header page-header--start">
      <div className="container">
        <h1>{t(heading)}</h1>
        <p className="lead">{t(lead)}</p>
      </div>
    </section>
  )
}
