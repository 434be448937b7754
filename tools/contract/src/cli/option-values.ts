import { mkdirSync, readdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { redactSecretParams } from '@devenv/domain'
import { firstLineOf } from '../report/printable'
import { rememberUrlCredentials } from '../report/secrets'
import { MAX_SHARDS, type ShardPosition } from '../report/shard'
import { UsageError } from './usage'

// How an option's text becomes its value: each option's spec names its reader (`read`), so its
// bounds and syntax are said once, and every subcommand that takes it reads the same value. None
// of these reads the contract: the specs are loaded for `--help` too.

/** The option a reader reads: its name (no dashes), and how the user set it, for messages. */
export type Said = {
  name: string
  /** `--name`, or the configuration file's key (`devenv-contract.config.json: check.wait`). */
  origin: string
}

/** An option's text read as its value; bad input is a UsageError naming the option. */
export type ValueReader<T> = (text: string, said: Said) => T

/**
 * A path given on the command line, from where the user typed it: `pnpm contract` runs in
 * tools/contract, and pnpm and npm keep the caller's folder in INIT_CWD.
 */
export function userPath(path: string): string {
  return resolve(process.env.INIT_CWD ?? process.cwd(), path)
}

/** The names of a comma-separated option value (`a, b,c`), blanks dropped. */
export function listOption(value: string): string[] {
  return value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '')
}

/** A comma-separated list; given again (`multiple`), the lists are joined. */
export const list: ValueReader<string[]> = (text) => listOption(text)

/** A path, from the folder the command is typed in. */
export const path: ValueReader<string> = (text) => userPath(text)

/**
 * A number within bounds (both inclusive; none: any positive number up to 2^53 - 1), a whole one
 * when `integer`.
 */
export function numberWithin(bounds: {
  min?: number
  max?: number
  integer?: boolean
}): ValueReader<number> {
  const { min = Number.MIN_VALUE, max = Number.MAX_SAFE_INTEGER, integer = false } = bounds
  return (text, { origin }) => {
    const value = Number(text)
    if (text.trim() === '' || !Number.isFinite(value) || value < min || value > max)
      throw new UsageError(`${origin} must be a number from ${min} to ${max}, got "${text}"`)
    if (integer && !Number.isInteger(value))
      throw new UsageError(`${origin} must be a whole number, got "${text}"`)
    return value
  }
}

/** One of a few words. */
export function oneOf<const Choices extends readonly string[]>(
  choices: Choices,
): ValueReader<Choices[number]> {
  return (text, { origin }) => {
    const chosen = choices.find((choice) => choice === text)
    if (chosen === undefined)
      throw new UsageError(`${origin} must be one of ${choices.join(', ')}, got "${text}"`)
    return chosen
  }
}

/** An `http(s)://` URL given to a flag, or a UsageError naming the flag. */
export function urlOption(name: string, value: string | undefined): string {
  if (value === undefined) throw new UsageError(`--${name} is required`)
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new UsageError(`--${name} ${shownUrl(value)} is not a URL (expected http://host:port)`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`--${name} ${shownUrl(value)} must be an http:// or https:// URL`)
  // Its credentials are a secret from now on: no output shows them.
  rememberUrlCredentials(value)
  return value
}

/** An `http(s)://` URL, as typed. */
export const url: ValueReader<string> = (text, { name }) => urlOption(name, text)

/** An `http(s)://` origin: a proxy passes each request on byte for byte, path included. */
export const originUrl: ValueReader<URL> = (text, { name }) => {
  const origin = new URL(urlOption(name, text))
  if (origin.pathname !== '/' || origin.search !== '')
    throw new UsageError(
      `--${name} takes an origin (http://host:port), not ${origin.href}: each request keeps the path the client asked for`,
    )
  return origin
}

/**
 * A URL as typed, fit to print: the credentials of `scheme://user:password@host` are starred,
 * whether or not the rest parses (a mail catcher's URL may carry its web password), and the
 * values of its secret query parameters are `[redacted]`.
 */
export function shownUrl(value: string): string {
  const starred = value.replace(/^([a-z][a-z\d+.-]*:\/\/)[^/?#\s]*@/i, '$1***@')
  // A URL's secret query parameters (`?token=`, `X-Amz-Signature=`) by the domain's one list; a
  // file or a git revision is shown as given.
  return /^[a-z][a-z\d+.-]*:\/\//i.test(starred) ? redactSecretParams(starred) : starred
}

/**
 * A folder for the reports, created now: before the run, so that a run is never lost to a folder
 * that cannot be written.
 */
export const createdFolder: ValueReader<string> = (text, { origin }) => {
  const folder = userPath(text)
  try {
    mkdirSync(folder, { recursive: true })
  } catch (error) {
    throw new UsageError(`${origin} ${text} cannot be created: ${firstLineOf(error)}`)
  }
  return folder
}

/**
 * A folder for a new recording, created now: one that already holds a recording is refused, as
 * the sessions of two runs would be appended to each other's files.
 */
export const recordingFolder: ValueReader<string> = (text, said) => {
  const folder = createdFolder(text, said)
  if (readdirSync(folder).some((name) => name.endsWith('.ndjson')))
    throw new UsageError(
      `${said.origin} ${text} holds a recording already: record each run into a folder of its own`,
    )
  return folder
}

/**
 * `--shard i/n`: this process runs the i-th of n parts of the run (`merge` joins their reports).
 * Anything but whole numbers with 1 <= i <= n is a usage error.
 */
export const shardPosition: ValueReader<ShardPosition> = (text, { origin }) => {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text)
  const index = Number(match?.[1])
  const total = Number(match?.[2])
  if (!match || total < 1 || total > MAX_SHARDS || index < 1 || index > total)
    throw new UsageError(
      `${origin} must be i/n, the i-th of n shards with 1 <= i <= n <= ${MAX_SHARDS} (like 2/3), got "${text}"`,
    )
  return { index, total }
}

/** Where a run reads e-mailed links, as `--mailbox` says it. */
export type MailboxSetting = 'auto' | 'off' | { url: string } | { command: string }

/**
 * `--mailbox` as written: auto, off, a mail catcher's URL, or `exec:CMD`; anything else is a
 * usage error, found with the other options' before the mailbox itself is asked anything.
 */
export const mailbox: ValueReader<MailboxSetting> = (text) => {
  if (text === 'auto' || text === 'off') return text
  const command = /^exec:/i.test(text) ? text.slice('exec:'.length).trim() : undefined
  if (command === '') throw new UsageError('--mailbox exec: needs a command after the colon')
  if (command !== undefined) return { command }
  if (!/^https?:\/\//i.test(text))
    throw new UsageError(
      `--mailbox must be auto, off, the http:// URL of a mail catcher or exec:COMMAND, got "${text}"`,
    )
  return { url: urlOption('mailbox', text) }
}

/**
 * The known name nearest a mistyped one, when it is near enough to be what was meant: at most two
 * edits (Levenshtein), and fewer than half the typed name's length.
 */
export function nearestName(typed: string, names: readonly string[]): string | undefined {
  let best: { name: string; distance: number } | undefined
  for (const name of names) {
    const distance = editDistance(typed.toLowerCase(), name)
    if (best === undefined || distance < best.distance) best = { name, distance }
  }
  return best !== undefined && best.distance <= 2 && best.distance < typed.length / 2
    ? best.name
    : undefined
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index)
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i]
    for (let j = 1; j <= b.length; j += 1)
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      )
    previous = current
  }
  return previous[b.length] ?? 0
}
