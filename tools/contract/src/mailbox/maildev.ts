import { isJsonObject } from '@devenv/openapi'
import { AnswerTooLarge, MIB, readBody } from '../http'
import { linkParamsOf } from './links'
import type { LinkParams, Mailbox } from './mailbox'

/** An address field of a MailDev e-mail: `[{ address, name }]`. */
function addressesOf(value: unknown): string[] {
  return Array.isArray(value)
    ? value.flatMap((each) =>
        isJsonObject(each) && typeof each.address === 'string' ? [each.address.toLowerCase()] : [],
      )
    : []
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined)

/**
 * MailDev's REST API (MailDev 3: `GET /api/email`) at the address of its web interface, for
 * example `http://127.0.0.1:1080`, under a `--base-pathname` when given one. Credentials of
 * `--web-user`/`--web-pass` go in the URL (`http://user:pass@host:1080`) and are sent as Basic
 * authentication. Each e-mail's link parameters are read from its text and HTML bodies.
 */
/** The longest MailDev answer read: its list of the messages to one address. */
const MAILDEV_MAX_BYTES = 16 * MIB

export function mailDevMailbox(
  url: string,
  { timeoutMs = 15_000, deliveryMs = 10_000 }: { timeoutMs?: number; deliveryMs?: number } = {},
): Mailbox {
  const parsed = new URL(url)
  const headers: Record<string, string> = { accept: 'application/json' }
  if (parsed.username || parsed.password) {
    const user = decodeURIComponent(parsed.username)
    const password = decodeURIComponent(parsed.password)
    headers.authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`
  }
  const base = `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}/api`
  const get = async (path: string) => {
    const response = await fetch(`${base}${path}`, {
      headers,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    })
    // Every message to the address comes back at once: a catcher may hold many, never gigabytes.
    const body = await readBody(response, MAILDEV_MAX_BYTES).catch((error: unknown) => {
      throw error instanceof AnswerTooLarge
        ? new Error(
            `MailDev's answer to GET /api${path.split('?')[0]} is over ${MAILDEV_MAX_BYTES / MIB} MiB`,
          )
        : error
    })
    let json: unknown
    try {
      json = JSON.parse(body)
    } catch {
      json = undefined
    }
    return { status: response.status, json }
  }
  const name = `MailDev at ${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`
  return {
    name,
    deliveryMs,
    links: async (to): Promise<LinkParams[]> => {
      const address = to.toLowerCase()
      // MailDev filters by any field path; the address is compared exactly, then here again in
      // any letter case, as e-mail systems compare them.
      const answer = await get(`/email?to.address=${encodeURIComponent(address)}`)
      if (answer.status !== 200 || !Array.isArray(answer.json))
        throw new Error(`${name}: GET /api/email answered ${answer.status}`)
      return answer.json
        .filter(
          (mail) =>
            isJsonObject(mail) &&
            [...addressesOf(mail.to), ...addressesOf(mail.cc)].includes(address),
        )
        .map((mail) => (isJsonObject(mail) ? mail : {}))
        .reverse() // MailDev lists in arrival order
        .map((mail) => linkParamsOf({ text: text(mail.text), html: text(mail.html) }))
    },
    problem: async () => {
      const answer = await get('/config').catch((error: unknown) => ({
        status: 0,
        json:
          error instanceof Error
            ? error.cause instanceof Error
              ? error.cause.message
              : error.message
            : String(error),
      }))
      if (answer.status === 0) return `cannot reach ${name}: ${String(answer.json)}`
      if (answer.status === 401)
        return `${name} refused the credentials (401): give its web user and password in the URL, http://user:password@host:port`
      if (answer.status !== 200 || !isJsonObject(answer.json))
        return `${name} does not answer as MailDev 3 (GET /api/config answered ${answer.status}): give the address of its web interface`
      return undefined
    },
  }
}
