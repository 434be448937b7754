import {
  DEMO_LENGTH_MINUTES,
  RESPONSE_TIME_HOURS,
  RESPONSE_TIME_LABELS,
  type ResponseTimeKind,
} from '@devenv/domain/contact'
import { FaqSection } from '../../../components/ui/faq-section'
import { HydratedApart } from '../../../components/ui/hydrated-apart'
import { Icon } from '../../../components/ui/icons'
import { useT } from '../../../lib/i18n/i18n'
import { notify } from '../../../lib/notify'
import { CONTACT_EMAIL, CONTACT_FAQ, CONTACT_PHONE } from '../contact-info'
import { ContactForm } from './contact-form'

const RESPONSE_KINDS = Object.keys(RESPONSE_TIME_HOURS) as ResponseTimeKind[]

export function ContactPage() {
  const t = useT()
  return (
    <>
      <section className="page-header">
        <div className="container">
          <h1>{t('contact.heading')}</h1>
          <p className="lead">{t('contact.lead')}</p>
        </div>
      </section>

      <div className="section section--tight">
        <div className="container contact-layout">
          <section className="card contact-layout__form" aria-labelledby="contact-form-title">
            <h2 id="contact-form-title">{t('contact.form.heading')}</h2>
            <HydratedApart>
              <ContactForm />
            </HydratedApart>
          </section>

          <HydratedApart>
            <div className="contact-layout__aside">
              <section className="card" aria-labelledby="contact-methods-title">
                <h2 id="contact-methods-title">{t('contact.methods.heading')}</h2>
                <ul className="info-list">
                  <li>
                    <Icon name="mail" size={20} />
                    <span>
                      {t('contact.methods.email')}:{' '}
                      <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
                    </span>
                  </li>
                  <li>
                    <Icon name="phone" size={20} />
                    <span>
                      {t('contact.methods.phone')}:{' '}
                      <a href={`tel:${CONTACT_PHONE.replace(/\s/g, '')}`}>{CONTACT_PHONE}</a>
                    </span>
                  </li>
                </ul>
                <p>{t('contact.methods.demo', { minutes: DEMO_LENGTH_MINUTES })}</p>
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => void notify('info', t('contact.bookDemoInfo'))}
                >
                  {t('contact.bookDemoCall')}
                </button>
              </section>

              <section className="card" aria-labelledby="contact-office-title">
                <h2 id="contact-office-title">{t('contact.office.heading')}</h2>
                <ul className="info-list">
                  <li>
                    <Icon name="map" size={20} />
                    <span>{t('contact.office.address')}</span>
                  </li>
                  <li>
                    <Icon name="clock" size={20} />
                    <span>{t('contact.office.hours')}</span>
                  </li>
                </ul>
              </section>

              <section className="card" aria-labelledby="contact-response-title">
                <h2 id="contact-response-title">{t('contact.response.heading')}</h2>
                <dl className="response-times">
                  {RESPONSE_KINDS.map((kind) => (
                    <div key={kind}>
                      <dt>{t(RESPONSE_TIME_LABELS[kind])}</dt>
                      <dd>{t('contact.withinHours', { hours: RESPONSE_TIME_HOURS[kind] })}</dd>
                    </div>
                  ))}
                  <div>
                    <dt>{t('inquiry.demo')}</dt>
                    <dd>{t('contact.demoLength', { minutes: DEMO_LENGTH_MINUTES })}</dd>
                  </div>
                </dl>
              </section>
            </div>
          </HydratedApart>
        </div>
      </div>

      <FaqSection id="contact-faq-title" heading="contact.faq.heading" entries={CONTACT_FAQ} />
    </>
  )
}
