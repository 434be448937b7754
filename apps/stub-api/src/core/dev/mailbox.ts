import { en, translate } from '@devenv/domain/messages'
import { DEV_PATHS, STUB_SESSION_QUERY } from '@devenv/openapi/dev-protocol'
import { jsonAnswer, pageAnswer } from '../answer'
import type { StubContext } from '../context'
import type { Account, Mail } from '../state/records'
import type { StubStore } from '../state/store'
import type { DevRoute } from './dev-route'
import { escapeHtml, page } from './html'

/** A link's lifetime as a mail says it: whole hours, else whole minutes, else seconds. */
function lifetimeText(seconds: number): string {
  const [count, unit] =
    seconds % 3600 === 0 && seconds >= 7200
      ? [seconds / 3600, 'hours']
      : seconds % 60 === 0
        ? [seconds / 60, 'minutes']
        : [seconds, 'seconds']
  return count === 1 ? `1 ${unit.slice(0, -1)}` : `${count} ${unit}`
}

/**
 * A mail's paragraphs and link, written out once as text and once as HTML, kept in the store's
 * mailbox and (when the adapter sends mail, in every mode) sent on with the same bodies.
 */
function deliver(
  ctx: StubContext,
  store: StubStore,
  mail: Omit<Mail, 'id' | 'createdAt' | 'html' | 'text'> & { paragraphs: string[] },
): Mail {
  const { paragraphs, link, ...head } = mail
  const html = `<p>${paragraphs.map(escapeHtml).join('</p><p>')}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`
  const delivered: Mail = {
    ...head,
    text: `${paragraphs.join('\n\n')}\n\n${link}\n`,
    link,
    id: store.newId(),
    html,
    createdAt: new Date(store.now()).toISOString(),
  }
  store.deliver(delivered)
  const { kind, to, subject, text } = delivered
  ctx.sendMail?.({ kind, to, subject, text, html })
  return delivered
}

/** The e-mail of a registration or resend: a link to the site at `/?activate=<token>`. */
export function sendActivationMail(
  ctx: StubContext,
  store: StubStore,
  account: Account,
  token: string,
): Mail {
  const link = `${ctx.config.siteUrl}/?activate=${encodeURIComponent(token)}`
  const paragraphs = [
    'Welcome to DevEnv!',
    `Activate your account by opening this link within ${lifetimeText(ctx.rules.lifetimes.activationLink)}:`,
  ]
  return deliver(ctx, store, {
    kind: 'activation',
    to: account.email,
    subject: 'Activate your DevEnv account',
    link,
    paragraphs,
  })
}

/** The e-mail of a forgotten password: `/reset-password?user=<e-mail>&hash=<64 hex>`. */
export function sendResetMail(
  ctx: StubContext,
  store: StubStore,
  account: Account,
  hash: string,
): Mail {
  const link = `${ctx.config.siteUrl}/reset-password?user=${encodeURIComponent(account.email)}&hash=${hash}`
  const paragraphs = [
    'Someone asked to reset the password of your DevEnv account.',
    `Set a new password by opening this link within ${lifetimeText(ctx.rules.lifetimes.resetLink)}. If it was not you, ignore this e-mail.`,
  ]
  return deliver(ctx, store, {
    kind: 'password-reset',
    to: account.email,
    subject: 'Reset your DevEnv password',
    link,
    paragraphs,
  })
}

/**
 * The e-mail to the owner of a taken address when registration answers alike for everyone
 * (UNIFORM_ACCOUNT_ANSWERS): the visitor is not told, the owner is, with a way back in.
 */
export function sendRegistrationAttemptMail(
  ctx: StubContext,
  store: StubStore,
  account: Account,
): Mail {
  return deliver(ctx, store, {
    kind: 'registration-attempt',
    to: account.email,
    subject: translate(en, 'mail.registrationAttempt.subject'),
    link: `${ctx.config.siteUrl}/?auth=forgot-password`,
    paragraphs: [translate(en, 'mail.registrationAttempt.body')],
  })
}

/** A captured e-mail with its link's query parsed (token, or user and hash). */
export function mailView(mail: Mail) {
  const url = new URL(mail.link)
  return { ...mail, linkParams: Object.fromEntries(url.searchParams.entries()) }
}

function recipientFilter(query: Record<string, unknown>): string | undefined {
  const to = query.to
  return typeof to === 'string' && to.trim() !== '' ? to.trim().toLowerCase() : undefined
}

function newestFirst(store: StubStore, to: string | undefined): Mail[] {
  return store.mailbox.filter((mail) => to === undefined || mail.to === to).reverse()
}

function mailboxPage(mails: Mail[], to: string | undefined, session: string | undefined): string {
  const sessionField = session
    ? `<input type="hidden" name="${STUB_SESSION_QUERY}" value="${escapeHtml(session)}">`
    : ''
  const form = `<form method="get" action="/__dev/mailbox.html"><label>Recipient <input name="to" type="email" value="${escapeHtml(to ?? '')}"></label>${sessionField} <button type="submit">Filter</button></form>`
  const intro = `<p class="muted">Every activation and password-reset e-mail the stub "sent"${session ? ` in stub session <code>${escapeHtml(session)}</code>` : ''}, newest first. JSON: <a href="/__dev/mailbox">/__dev/mailbox</a>.</p>`
  const items = mails.length
    ? mails
        .map(
          (mail) => `<article>
<h2>${escapeHtml(mail.subject)}</h2>
<p class="muted">To <strong>${escapeHtml(mail.to)}</strong> at <time datetime="${escapeHtml(mail.createdAt)}">${escapeHtml(mail.createdAt)}</time></p>
<p><a href="${escapeHtml(mail.link)}">${escapeHtml(mail.link)}</a></p>
<pre>${escapeHtml(mail.text)}</pre>
</article>`,
        )
        .join('\n')
    : '<p>No e-mail yet. Register an account or ask for a password reset.</p>'
  return page('Development mailbox', `${intro}${form}${items}`)
}

export const mailboxRoutes: DevRoute[] = [
  {
    method: 'GET',
    path: DEV_PATHS.mailbox,
    handle: (request) => {
      const to = recipientFilter(request.query)
      return jsonAnswer(200, { items: newestFirst(request.store, to).map(mailView) })
    },
  },
  {
    method: 'DELETE',
    path: DEV_PATHS.mailbox,
    handle: (request) => {
      request.store.mailbox = []
      return jsonAnswer(204, undefined)
    },
  },
  {
    method: 'GET',
    path: DEV_PATHS.mailboxPage,
    handle: (request) => {
      const to = recipientFilter(request.query)
      const session = request.query[STUB_SESSION_QUERY]
      return pageAnswer(
        mailboxPage(
          newestFirst(request.store, to),
          to,
          typeof session === 'string' ? session : undefined,
        ),
        { 'cache-control': 'no-store' },
      )
    },
  },
]
