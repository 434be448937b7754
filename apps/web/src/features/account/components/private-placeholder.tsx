import { type TextCode, useT } from '../../../lib/i18n/i18n'

/** Signed-in pages wait for their issues; the route, guard and title are in place. */
export function PrivatePlaceholder({ heading }: { heading: TextCode }) {
  const t = useT()
  return (
    <section className="section">
      <div className="container">
        <h1>{t(heading)}</h1>
        <p>{t('private.comingSoon')}</p>
      </div>
    </section>
  )
}
