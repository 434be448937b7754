import { type SharedMessageCode, useT } from '../../../lib/i18n/i18n'

export function LegalPage({
  heading,
  paragraphs,
}: {
  heading: SharedMessageCode
  paragraphs: readonly SharedMessageCode[]
}) {
  const t = useT()
  return (
    <article className="section legal">
      <div className="container container--narrow">
        <h1>{t(heading)}</h1>
        <p className="muted">{t('legal.updated')}</p>
        {paragraphs.map((code) => (
          <p key={code}>{t(code)}</p>
        ))}
      </div>
    </article>
  )
}
