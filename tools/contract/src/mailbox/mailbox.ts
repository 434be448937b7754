/** The query parameters of the links in one e-mail: `activate`, or `user` and `hash`, ... */
export type LinkParams = Record<string, string>

/**
 * Where a run reads the e-mails a target sends, for the flows that need an activation or reset
 * link. One interface, one adapter per kind of mailbox: the stub's development mailbox
 * (`GET /__dev/mailbox`) and a mail catcher's HTTP API (MailDev).
 */
export type Mailbox = {
  /** What the report's notes call it; never holds credentials. */
  readonly name: string
  /**
   * How long an e-mail may take to show here after the request that sent it was answered: 0 for
   * the stub's mailbox (kept before the answer), seconds for mail that travels by SMTP.
   */
  readonly deliveryMs: number
  /**
   * The link parameters of each e-mail to `to`, newest first; [] when there is none. `session`
   * is the stub session the mail was sent in (the stub keeps a mailbox per session); a catcher
   * sees every mail and ignores it. Throws when the mailbox cannot be read.
   */
  links(to: string, session?: string): Promise<LinkParams[]>
  /** Undefined when the mailbox answers as its kind does; else why not, in one line. */
  problem(): Promise<string | undefined>
}

export type WaitOptions = {
  session?: string
  /** How long to wait for the mail; the mailbox's `deliveryMs` by default. */
  timeoutMs?: number
  intervalMs?: number
}

/**
 * The newest e-mail to `to` with a link carrying `parameter`, waiting for it to arrive (mail sent
 * by SMTP lands in a catcher after the request that sent it was answered); undefined when none
 * came in time. A mailbox that fails to answer counts as empty until the time is up.
 */
export async function waitForLink(
  mailbox: Mailbox,
  to: string,
  parameter: string,
  { session, timeoutMs = mailbox.deliveryMs, intervalMs = 100 }: WaitOptions = {},
): Promise<LinkParams | undefined> {
  const deadline = performance.now() + timeoutMs
  for (;;) {
    const found = (await mailbox.links(to, session).catch(() => [])).find(
      (params) => params[parameter] !== undefined,
    )
    if (found || performance.now() + intervalMs > deadline) return found
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
}
