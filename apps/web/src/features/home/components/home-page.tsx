import { Link } from '@tanstack/react-router'
import { HydratedApart } from '../../../components/ui/hydrated-apart'
import { Icon } from '../../../components/ui/icons'
import { TitledSection } from '../../../components/ui/titled-section'
import { useOpenAuthModal } from '../../../lib/auth-modal'
import { useT } from '../../../lib/i18n/i18n'
import { useSession } from '../../../lib/session'
import { FEATURES, STATS } from '../features'
import { TECHNOLOGY_STACK } from '../stack'

export function HomePage() {
  const t = useT()
  const { isAuthenticated } = useSession()
  const openAuthModal = useOpenAuthModal()

  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__inner">
          <p className="eyebrow">{t('app.tagline')}</p>
          <h1 id="hero-title">{t('home.hero.title')}</h1>
          <p className="lead">{t('home.hero.lead')}</p>
          <div className="button-row">
            <Link to="/contact" className="button button--primary button--large">
              {t('action.startFreeTrial')}
            </Link>
            <Link to="/" hash="features" className="button button--secondary button--large">
              {t('home.explorePlatform')}
            </Link>
          </div>
        </div>
      </section>

      <TitledSection
        anchor="features"
        titleId="features-title"
        title={t('home.features.heading')}
        lead={t('home.features.lead')}
      >
        <ul className="card-grid">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="card">
              <span className="card__icon">
                <Icon name={feature.icon} />
              </span>
              <h3>{t(feature.title)}</h3>
              <p>{t(feature.text)}</p>
            </li>
          ))}
        </ul>
      </TitledSection>

      <TitledSection
        alternate
        titleId="stack-title"
        title={t('home.stack.heading')}
        lead={t('home.stack.lead')}
      >
        <ul className="stack-grid">
          {TECHNOLOGY_STACK.map((group) => (
            <li key={group.category} className="card">
              <h3 className="stack__title">
                <Icon name={group.icon} size={20} />
                {t(group.category)}
              </h3>
              <ul className="chips">
                {group.items.map((item) => (
                  <li key={item} className="chip">
                    {item}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </TitledSection>

      <TitledSection titleId="stats-title" title={t('home.stats.heading')}>
        <dl className="stats">
          {STATS.map((stat) => (
            <div key={stat.label} className="stat">
              <dt className="stat__label">{t(stat.label)}</dt>
              <dd className="stat__value">{t(stat.value)}</dd>
            </div>
          ))}
        </dl>
      </TitledSection>

      <HydratedApart>
        <section className="section section--cta" aria-labelledby="cta-title">
          <div className="container cta">
            <h2 id="cta-title">{t('home.cta.heading')}</h2>
            <p>{t('home.cta.text')}</p>
            <div className="button-row button-row--center">
              <Link to="/contact" className="button button--primary button--large">
                {t('action.startFreeTrial')}
              </Link>
              {isAuthenticated ? (
                <Link to="/technical" className="button button--secondary button--large">
                  {t('home.viewTechnicalDetails')}
                </Link>
              ) : (
                <button
                  type="button"
                  className="button button--secondary button--large"
                  onClick={() => openAuthModal('login')}
                >
                  {t('home.viewTechnicalDetails')}
                </button>
              )}
            </div>
          </div>
        </section>
      </HydratedApart>
    </>
  )
}
