import { createTransport, type Transporter } from 'nodemailer'
import type { MailSender, OutgoingMail, StubLog } from '../core'

/** The sender of every e-mail the stub sends by SMTP. */
export const MAIL_FROM = '"DevEnv" <no-reply@devenv.example>'

/** A mail sender that also waits for what it has in flight, so a closing server loses no mail. */
export type SmtpMailSender = {
  send: MailSender
  close: () => Promise<void>
}

/**
 * Sends the stub's e-mails by SMTP (`SMTP_URL`: `smtp://host:port`, `smtps://` for TLS, credentials
 * in the URL). Each send runs beside the request, which never waits for it: a catcher that is down
 * or slow costs the API nothing. A failed send is logged by its kind and the transport's reason,
 * never with the mail's link or body, which hold the activation token or the reset hash.
 */
export function smtpMailSender(smtpUrl: string, log: StubLog): SmtpMailSender {
  // nodemailer waits minutes by default for a silent server; a stub's mail is worth seconds.
  const transport: Transporter = createTransport(
    { url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 },
    { from: MAIL_FROM },
  )
  const pending = new Set<Promise<void>>()
  const send = (mail: OutgoingMail) => {
    const sending = transport
      .sendMail({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html })
      .then(
        () => undefined,
        (error: unknown) => {
          const { code, responseCode } = (error ?? {}) as { code?: string; responseCode?: number }
          log.warn('an e-mail could not be sent by SMTP (it is kept in the stub only)', {
            kind: mail.kind,
            ...(code ? { code } : {}),
            ...(responseCode ? { responseCode } : {}),
          })
        },
      )
      .finally(() => pending.delete(sending))
    pending.add(sending)
  }
  return {
    send,
    close: async () => {
      await Promise.allSettled([...pending])
      transport.close()
    },
  }
}
