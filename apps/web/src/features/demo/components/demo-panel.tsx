import { DEMO_ACCOUNT, USER_ACCOUNT } from '@devenv/stub-api/dev-client'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useRef, useState } from 'react'
import { formatDate } from '../../../lib/i18n/format'
import { useLocale } from '../../../lib/i18n/i18n'
import { notify } from '../../../lib/notify'
import { useCloseOnEscape } from '../../../lib/use-close-on-escape'
import { type Mail, mailboxQueryOptions, resetDemoData } from '../api/mailbox'
import { demoMessages } from '../messages'
import '../demo.css'

const SEEDED_ACCOUNTS = [DEMO_ACCOUNT, USER_ACCOUNT]

function MailItem({ mail }: { mail: Mail }) {
  const t = demoMessages.useT()
  const locale = useLocale()
  return (
    <li className="demo-mail">
      <p className="demo-mail__subject">{mail.subject}</p>
      <p className="demo-mail__meta">
        {t('demo.mailbox.to', { to: mail.to })} ·{' '}
        <time dateTime={mail.createdAt}>{formatDate(locale, mail.createdAt, 'dateTime')}</time>
      </p>
      {/* A full page load, as from a mail program: the stub's state survives it (localStorage). */}
      <a className="demo-mail__link" href={mail.link}>
        {mail.link}
      </a>
    </li>
  )
}

function Mailbox() {
  const t = demoMessages.useT()
  const mailbox = useQuery(mailboxQueryOptions)
  if (mailbox.isPending) return <p role="status">…</p>
  if (mailbox.isError) {
    return (
      <div role="alert">
        <p>{t('demo.mailbox.failed')}</p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => mailbox.refetch()}
        >
          {t('demo.mailbox.retry')}
        </button>
      </div>
    )
  }
  if (mailbox.data.length === 0) return <p>{t('demo.mailbox.empty')}</p>
  return (
    <ul className="demo-panel__mails">
      {mailbox.data.map((mail) => (
        <MailItem key={`${mail.createdAt}-${mail.link}`} mail={mail} />
      ))}
    </ul>
  )
}

/**
 * The demo's own panel (only where the stub runs in the browser): the seeded accounts of the
 * README and the stub's mailbox, so a visitor can register and open the activation mail.
 */
export function DemoPanel() {
  const t = demoMessages.useT()
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  const headingId = useId()
  const toggleRef = useRef<HTMLButtonElement>(null)

  useCloseOnEscape(open, setOpen, toggleRef)

  const reset = async () => {
    await resetDemoData()
    await queryClient.invalidateQueries()
    void notify('info', t('demo.reset.done'))
  }

  return (
    <div className="demo-dock">
      {open ? (
        <section className="demo-panel" aria-labelledby={headingId}>
          <header className="demo-panel__header">
            <h2 id={headingId}>{t('demo.panel.heading')}</h2>
            <button
              type="button"
              className="icon-button"
              aria-label={t('demo.panel.close')}
              onClick={() => setOpen(false)}
            >
              ×
            </button>
          </header>
          <p className="demo-panel__lead">{t('demo.panel.lead')}</p>
          <h3>{t('demo.accounts.heading')}</h3>
          <table className="demo-panel__accounts">
            <thead>
              <tr>
                <th scope="col">{t('demo.accounts.email')}</th>
                <th scope="col">{t('demo.accounts.password')}</th>
              </tr>
            </thead>
            <tbody>
              {SEEDED_ACCOUNTS.map((account) => (
                <tr key={account.email}>
                  <td>{account.email}</td>
                  <td>
                    <code>{account.password}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <h3>{t('demo.mailbox.heading')}</h3>
          <p className="demo-panel__lead">{t('demo.mailbox.lead')}</p>
          <Mailbox />
          <button type="button" className="button button--secondary" onClick={() => void reset()}>
            {t('demo.reset')}
          </button>
        </section>
      ) : null}
      <button
        ref={toggleRef}
        type="button"
        className="button button--primary demo-dock__toggle"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        {t('demo.panel.open')}
      </button>
    </div>
  )
}
