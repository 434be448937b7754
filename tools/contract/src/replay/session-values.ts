// What one recorded session knows of its values: which texts are secrets, addresses it
// registered, values an earlier answer gave; each one's placeholder and source. The recorder
// asks it to turn every text it writes into a text without secrets (docs/replay.md).
import { SEEDED_ACCOUNTS } from '@devenv/openapi/dev-protocol'
import { splitAtSecrets } from '../report/secrets'
import { escapeText, type ValueSource } from './format'

/** Texts shorter than this are never taken for a value an answer gave (`true`, `PRO`, `1`). */
const SHORTEST_LINKED = 8

/** Known values are found inside longer texts by their first this many characters. */
const PREFIX = 8

/**
 * The most values an answer gave that a session keeps for a later request to send back; past it
 * the oldest go (a request sends back what it was given lately). With the recording's bound in
 * bytes, this keeps what a session holds from growing with a long run's traffic.
 */
const MAX_LINKABLE = 2_000

/** A letter or digit: a known value inside a text starts where none stands before it. */
const WORD = /[A-Za-z0-9]/

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
  /**
   * The same values by their first PREFIX characters, to find them inside a longer text in one
   * pass over it, however many a long session has (a token per sign-in); shorter ones apart.
   */
  private readonly byPrefix = new Map<string, string[]>()
  private readonly short: string[] = []
  /** Values earlier answers gave that a later request may send back (ids), where each was. */
  private readonly answered = new Map<string, Linkable>()
  /** Link parameters of mails the client read through the stub's mailbox: value → param and address. */
  private readonly fromMail = new Map<string, { param: string; to: string }>()
  private readonly counts = new Map<string, number>()
  /**
   * The addresses the session had mailed (registered, asked a reset or activation link for), the
   * latest last: a token or hash from no answer was read from one of their mails; with none, it
   * was made up (a link typed by hand).
   */
  private readonly mailedTo: string[] = []
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
    if (value.length >= PREFIX) {
      const start = value.slice(0, PREFIX)
      this.byPrefix.set(start, [...(this.byPrefix.get(start) ?? []), value])
    } else if (value.length >= 4) this.short.push(value)
    this.answered.delete(value)
    this.fresh[name] = source
    return name
  }

  placeholder(value: string): string | undefined {
    return this.byValue.get(value)
  }

  /** An address this session registers: every later use of it is its placeholder. */
  registered(email: string): string {
    this.mailed(email)
    return `{{${this.define(email, 'email', { kind: 'registered-email' })}}}`
  }

  /** An address the server mailed a link to, at this session's request. */
  mailed(email: string): void {
    this.mailedTo.push(email.toLowerCase())
  }

  /** What a mail the client read through the stub's mailbox carried. */
  readMail(to: string, params: Record<string, string>): void {
    for (const [param, value] of Object.entries(params))
      if (typeof value === 'string' && value.length >= 4) {
        this.fromMail.set(value, { param, to })
        if (this.fromMail.size > MAX_LINKABLE)
          this.fromMail.delete(this.fromMail.keys().next().value as string)
      }
  }

  /** Remembers a value an answer gave, for a later request that sends it back. */
  answer(value: string, at: Linkable): void {
    if (value.length < SHORTEST_LINKED || /\s/.test(value) || this.byValue.has(value)) return
    this.answered.delete(value)
    this.answered.set(value, at)
    if (this.answered.size > MAX_LINKABLE)
      this.answered.delete(this.answered.keys().next().value as string)
  }

  /**
   * A text of a request or an answer without secrets: known values (secrets, registered
   * addresses) anywhere in it become their placeholders, and the rest is escaped.
   */
  text(raw: string): string {
    return this.withRegistry(this.knownPieces(raw))
  }

  /** The text cut around the known values it holds, each the longest that starts there. */
  private knownPieces(raw: string): Array<string | { name: string }> {
    if (this.byPrefix.size === 0 && this.short.length === 0) return [raw]
    const pieces: Array<string | { name: string }> = []
    let from = 0
    for (let at = 0; at + 4 <= raw.length; at++) {
      if (at > 0 && WORD.test(raw[at - 1] as string)) continue
      let found: string | undefined
      for (const list of [this.byPrefix.get(raw.slice(at, at + PREFIX)), this.short])
        for (const value of list ?? [])
          if ((found === undefined || value.length > found.length) && raw.startsWith(value, at))
            found = value
      if (found === undefined) continue
      if (at > from) pieces.push(raw.slice(from, at))
      pieces.push({ name: this.byValue.get(found) as string })
      from = at + found.length
      at = from - 1
    }
    if (from < raw.length || pieces.length === 0) pieces.push(raw.slice(from))
    return pieces
  }

  private withRegistry(pieces: Array<string | { name: string }>): string {
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
    return this.linked(raw) ?? this.text(raw)
  }

  /** The placeholder of a value the session knows, or one an earlier answer or mail gave. */
  private linked(raw: string): string | undefined {
    const known = this.byValue.get(raw)
    if (known !== undefined) return `{{${known}}}`
    const answered = this.answered.get(raw)
    if (answered !== undefined) {
      const base = answered.pointer.split('/').at(-1) ?? 'value'
      return `{{${this.define(raw, base, { kind: 'answer', ...answered, secret: false })}}}`
    }
    const mail = this.fromMail.get(raw)
    if (mail !== undefined)
      return `{{${this.define(raw, mail.param, { kind: 'mailed', param: mail.param, to: this.text(mail.to) })}}}`
    return undefined
  }

  /**
   * A string of a request body under a secret's name. Its source, in this order: an earlier
   * answer or mail; a `${NAME}` of the configuration (read from the variable again); a seeded
   * account's password; a password the client chose (minted anew of its shape); a link's
   * parameter from a mail the session had sent; else a secret of its shape.
   */
  sentSecret(key: string, raw: string, email: string | undefined): string {
    const linked = this.linked(raw)
    if (linked !== undefined) return linked
    const [given, ...rest] = splitAtSecrets(raw)
    if (rest.length === 0 && typeof given === 'object' && given.variable !== undefined)
      return `{{${this.define(raw, given.variable, { kind: 'variable', variable: given.variable })}}}`
    if (/password/i.test(key)) {
      const seeded = SEEDED_ACCOUNTS.find(
        (account) =>
          account.password === raw &&
          (email === undefined || account.email === email.toLowerCase()),
      )
      return `{{${this.define(raw, 'password', seeded ? { kind: 'seeded-password', email: seeded.email } : { kind: 'password', shape: shapeOf(raw) })}}}`
    }
    const param = MAILED_PARAMS[key]
    const to =
      email !== undefined && this.mailedTo.includes(email.toLowerCase())
        ? email
        : this.mailedTo.at(-1)
    if (param !== undefined && to !== undefined)
      return `{{${this.define(raw, param, { kind: 'mailed', param, to: this.text(to) })}}}`
    return `{{${this.define(raw, key, { kind: 'secret', where: `the request field ${key}`, shape: shapeOf(raw) })}}}`
  }

  /** A secret an answer gives (a token): its placeholder, defined at `at` when new. */
  answeredSecret(key: string, raw: string, at: Linkable): string {
    return `{{${this.define(raw, key, { kind: 'answer', ...at, secret: true })}}}`
  }
}
