// What one recorded session knows of its values: which texts are secrets, addresses it
// registered, values an earlier answer gave; each one's placeholder and source. The recorder
// asks it to turn every text it writes into a text without secrets (docs/replay.md).
import { SEEDED_ACCOUNTS } from '@devenv/openapi/dev-protocol'
import { splitAtSecrets } from '../report/secrets'
import { escapeText, type ValueSource } from './format'

/** Texts shorter than this are never taken for a value an answer gave (`true`, `PRO`, `1`). */
const SHORTEST_LINKED = 8

/** The link parameter of a mailed link that a request field of this name carries. */
const MAILED_PARAMS: Readonly<Record<string, string>> = { token: 'activate', hash: 'hash' }

/** A password's shape: each letter, digit and other character stands for one of its class. */
export function shapeOf(password: string): string {
  return [...password]
    .map((character) => {
      if (/\p{Lu}/u.test(character)) return 'A'
      if (/\p{Ll}/u.test(character)) return 'a'
      if (/\p{Nd}/u.test(character)) return '9'
      if (/\p{L}/u.test(character)) return 'L'
      // Another character stands for itself: a space or `!` is no secret, and a policy may count it.
      return character
    })
    .join('')
}

const nameOf = (key: string) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase() || 'value'

type Linkable = { step: number; pointer: string }

export class SessionValues {
  /** Each text that is a placeholder, by its value. */
  private readonly byValue = new Map<string, string>()
  /** Values earlier answers gave that a later request may send back (ids), where each was. */
  private readonly answered = new Map<string, Linkable>()
  /** Link parameters of mails the client read through the stub's mailbox: value → param and address. */
  private readonly mailed = new Map<string, { param: string; to: string }>()
  private readonly counts = new Map<string, number>()
  /** The address the session last registered or asked a mail for: where an unread link went. */
  private lastAddress: string | undefined
  /** New placeholders since `takeNew`. */
  private fresh: Record<string, ValueSource> = {}

  /** Takes the placeholders defined since the last call. */
  takeNew(): Record<string, ValueSource> | undefined {
    const made = this.fresh
    this.fresh = {}
    return Object.keys(made).length === 0 ? undefined : made
  }

  /** The placeholder for `value`, defined with `source` unless it has one already. */
  define(value: string, base: string, source: ValueSource): string {
    const known = this.byValue.get(value)
    if (known !== undefined) return known
    const prefix = nameOf(base)
    const count = (this.counts.get(prefix) ?? 0) + 1
    this.counts.set(prefix, count)
    const name = `${prefix}-${count}`
    this.byValue.set(value, name)
    this.fresh[name] = source
    return name
  }

  placeholder(value: string): string | undefined {
    return this.byValue.get(value)
  }

  /** An address this session registers: every later use of it is its placeholder. */
  registered(email: string): string {
    this.lastAddress = email
    return `{{${this.define(email, 'email', { kind: 'registered-email' })}}}`
  }

  /** An address the session asked a mail for. */
  addressed(email: string): void {
    this.lastAddress = email
  }

  /** What a mail the client read through the stub's mailbox carried. */
  readMail(to: string, params: Record<string, string>): void {
    for (const [param, value] of Object.entries(params))
      if (typeof value === 'string' && value.length >= 4) this.mailed.set(value, { param, to })
  }

  /** Remembers a value an answer gave, for a later request that sends it back. */
  answer(value: string, at: Linkable): void {
    if (value.length >= SHORTEST_LINKED && !/\s/.test(value) && !this.byValue.has(value))
      this.answered.set(value, at)
  }

  /**
   * A text of a request or an answer without secrets: known values (secrets, registered
   * addresses) anywhere in it become their placeholders, and the rest is escaped.
   */
  text(raw: string): string {
    const values = [...this.byValue.keys()]
      .filter((value) => value.length >= 4 && raw.includes(value))
      .sort((a, b) => b.length - a.length)
    let pieces: Array<string | { name: string }> = [raw]
    for (const value of values) {
      const name = this.byValue.get(value) as string
      pieces = pieces.flatMap((piece) =>
        typeof piece !== 'string' || !piece.includes(value)
          ? [piece]
          : piece.split(value).flatMap((part, index) => (index === 0 ? [part] : [{ name }, part])),
      )
    }
    // The run's own secrets (`${NAME}` values of the configuration) by value, wherever they stand.
    return pieces
      .flatMap((piece) =>
        typeof piece !== 'string'
          ? [`{{${piece.name}}}`]
          : splitAtSecrets(piece).map((part) =>
              typeof part === 'string'
                ? escapeText(part)
                : `{{${this.define(part.secret, part.variable ?? 'secret', part.variable === undefined ? { kind: 'secret', where: 'a value the configuration gave' } : { kind: 'variable', variable: part.variable })}}}`,
            ),
      )
      .join('')
  }

  /**
   * A whole text a request sends (a path segment, a query value, a header's token, a string of the
   * body): its placeholder when an earlier answer or mail gave it, else `text`.
   */
  sent(raw: string): string {
    const known = this.byValue.get(raw)
    if (known !== undefined) return `{{${known}}}`
    const linked = this.answered.get(raw)
    if (linked !== undefined) {
      const base = linked.pointer.split('/').at(-1) ?? 'value'
      return `{{${this.define(raw, base, { kind: 'answer', ...linked, secret: false })}}}`
    }
    const mail = this.mailed.get(raw)
    if (mail !== undefined)
      return `{{${this.define(raw, mail.param, { kind: 'mailed', param: mail.param, to: this.text(mail.to) })}}}`
    return this.text(raw)
  }

  /**
   * A string of a request body under a secret's name, with no earlier answer or mail giving it:
   * a password (minted anew of its shape, or a seeded account's), a mailed link's parameter, or a
   * secret the replay cannot give again.
   */
  sentSecret(key: string, raw: string, email: string | undefined): string {
    const linked = this.sent(raw)
    if (linked.startsWith('{{') && linked.endsWith('}}') && this.byValue.has(raw)) return linked
    if (/password/i.test(key)) {
      const seeded = SEEDED_ACCOUNTS.find(
        (account) =>
          account.password === raw &&
          (email === undefined || account.email === email.toLowerCase()),
      )
      return `{{${this.define(raw, 'password', seeded ? { kind: 'seeded-password', email: seeded.email } : { kind: 'password', shape: shapeOf(raw) })}}}`
    }
    const param = MAILED_PARAMS[key]
    const to = email ?? this.lastAddress
    if (param !== undefined && to !== undefined)
      return `{{${this.define(raw, param, { kind: 'mailed', param, to: this.text(to) })}}}`
    return `{{${this.define(raw, key, { kind: 'secret', where: `the request field ${key}` })}}}`
  }

  /** A secret an answer gives (a token): its placeholder, defined at `at` when new. */
  answeredSecret(key: string, raw: string, at: Linkable): string {
    return `{{${this.define(raw, key, { kind: 'answer', ...at, secret: true })}}}`
  }
}
