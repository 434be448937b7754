import { execFile } from 'node:child_process'
import { readFile, stat } from 'node:fs/promises'
import { childPointer } from '@devenv/openapi'
import { parse } from 'yaml'
import { AnswerTooLarge, readBody } from '../http'

// Where a version of the contract comes from: a file, an http(s) URL, or a git revision
// (`main:openapi/openapi.yaml`). Each is read with a bound, and each failure is one line naming
// the source and the fix.

/** A source that could not be read as a contract: its one-line reason. */
export class ContractSourceError extends Error {
  override name = 'ContractSourceError'
}

export type SourceBounds = {
  /** How long a URL or `git show` may take. */
  timeoutMs: number
  /** The most bytes read from a URL or from `git show`. */
  maxBytes: number
  /** Where relative paths and git run from. */
  cwd: string
  /** How the source is named in messages (a URL's credentials starred). */
  shown?: (source: string) => string
}

export type ContractSource = { kind: 'file' | 'url' | 'git'; text: string }

const isUrl = (source: string) => /^https?:\/\//i.test(source)

/** `REV:PATH` as git names a file at a revision; a drive letter (`C:\`) is a path. */
const GIT_REVISION = /^([^:\s][^:]*):(.+)$/

async function fromUrl(url: string, bounds: SourceBounds, shown: string): Promise<string> {
  // fetch refuses a URL with credentials: they are sent as Basic authorization instead.
  const target = new URL(url)
  const headers = new Headers()
  if (target.username !== '' || target.password !== '') {
    const pair = `${decodeURIComponent(target.username)}:${decodeURIComponent(target.password)}`
    headers.set('authorization', `Basic ${Buffer.from(pair).toString('base64')}`)
    target.username = ''
    target.password = ''
  }
  let response: Response
  try {
    response = await fetch(target, { headers, signal: AbortSignal.timeout(bounds.timeoutMs) })
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError'
    throw new ContractSourceError(
      timedOut
        ? `${shown} did not answer within ${bounds.timeoutMs} ms (--timeout)`
        : `${shown} could not be fetched: ${firstLine(error)}`,
    )
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined)
    throw new ContractSourceError(`${shown} answered ${response.status}, not the contract`)
  }
  try {
    return await readBody(response, bounds.maxBytes)
  } catch (error) {
    if (error instanceof AnswerTooLarge) throw tooLarge(shown, bounds)
    throw new ContractSourceError(`${shown} could not be read: ${firstLine(error)}`)
  }
}

/**
 * Why a revision given by a user (`diff`, `check --since`, the gate's CONTRACT_BASE) cannot be
 * read, or undefined: one that starts with `-` would be read by git as an option
 * (`--output=FILE` writes a file), and no revision's name starts so.
 */
export function revisionProblem(revision: string): string | undefined {
  return revision.startsWith('-')
    ? `a git revision cannot start with "-" (git would read "${revision}" as an option)`
    : undefined
}

/**
 * `git <command> [options] --end-of-options <revisions>`: what follows the marker is never an
 * option, whatever it holds; every git command the toolkit runs on a given revision is built here.
 */
export function gitArguments(command: string, options: readonly string[], ...revisions: string[]) {
  return [command, ...options, '--end-of-options', ...revisions]
}

function fromGit(revision: string, path: string, bounds: SourceBounds): Promise<string> {
  const spec = `${revision}:${path}`
  const problem = revisionProblem(revision)
  if (problem !== undefined) return Promise.reject(new ContractSourceError(`${spec}: ${problem}`))
  return new Promise((resolve, reject) => {
    // No shell: the revision and path are one argument, whatever they hold.
    execFile(
      'git',
      gitArguments('show', [], spec),
      {
        cwd: bounds.cwd,
        timeout: bounds.timeoutMs,
        maxBuffer: bounds.maxBytes,
        encoding: 'utf8',
        windowsHide: true,
      },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout)
        const code = (error as NodeJS.ErrnoException).code
        if (code === 'ENOENT')
          return reject(new ContractSourceError(`${spec}: git is not installed, or not on PATH`))
        if (code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER') return reject(tooLarge(spec, bounds))
        const said = stderr
          .split('\n')
          .map((line) => line.replace(/^fatal:\s*/, '').trim())
          .find((line) => line !== '')
        reject(new ContractSourceError(`${spec}: git show failed: ${said ?? firstLine(error)}`))
      },
    )
  })
}

const tooLarge = (shown: string, bounds: SourceBounds) =>
  new ContractSourceError(`${shown} is larger than ${bounds.maxBytes} bytes, the most read`)

const firstLine = (error: unknown) =>
  (error instanceof Error
    ? error.cause instanceof Error
      ? error.cause.message
      : error.message
    : String(error)
  )
    .split('\n')[0]
    ?.trim() ?? 'unknown error'

/** The text of a version of the contract, and the kind of source it came from. */
export async function readContractSource(
  source: string,
  path: (given: string) => string,
  bounds: SourceBounds,
): Promise<ContractSource> {
  const shown = bounds.shown?.(source) ?? source
  if (isUrl(source)) return { kind: 'url', text: await fromUrl(source, bounds, shown) }
  const file = path(source)
  const size = await stat(file).then(
    (found) => found.size,
    () => undefined,
  )
  if (size !== undefined) {
    // A file is bounded as a URL is: a contract larger than the most read is refused unread.
    if (size > bounds.maxBytes) throw tooLarge(shown, bounds)
    try {
      return { kind: 'file', text: await readFile(file, 'utf8') }
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      throw new ContractSourceError(
        `${shown} ${code === 'EISDIR' ? 'is a folder' : `cannot be read: ${firstLine(error)}`}`,
      )
    }
  }
  const revision = GIT_REVISION.exec(source)
  if (revision?.[1] && revision[2] && !/^[A-Za-z]:[\\/]/.test(source))
    return { kind: 'git', text: await fromGit(revision[1], revision[2], bounds) }
  throw new ContractSourceError(
    `${shown}: no such file (a git revision is written REV:PATH, like main:openapi/openapi.yaml)`,
  )
}

/**
 * JSON is read as JSON when it is (a fiftieth of the YAML parser's time and an eighth of its
 * memory: 0.2 s and 63 MB for a 4 MB contract, against 2.8 s and 500 MB), else as YAML, which
 * names what is wrong.
 */
function parseJsonOrYaml(text: string): unknown {
  if (/^[\uFEFF\s]*\{/.test(text))
    try {
      return JSON.parse(text.replace(/^\uFEFF/, ''))
    } catch {
      // Not JSON after all (YAML's flow mapping, or broken): YAML reads it, or says why not.
    }
  return parse(text)
}

/** A version's text as a document: YAML, of which JSON is a part; a tree within the diff's bounds. */
export function parseContract(text: string, shown: string): unknown {
  let document: unknown
  try {
    document = parseJsonOrYaml(text)
  } catch (error) {
    throw new ContractSourceError(`${shown} is neither YAML nor JSON: ${firstLine(error)}`)
  }
  const problem = shapeProblem(document)
  if (problem !== undefined) throw new ContractSourceError(`${shown} ${problem}`)
  return document
}

// What the diff compares, bounded as every input of the toolkit is. api-smart-diff's cost grows
// faster than a document's size (a contract pair of 46,000 operations, 14 MiB, did not finish in
// 550 s and took 1.7 to 2.6 GB; an object of 20,000 keys took 40 s), so the bounds are on what it
// walks: the values once each `$ref` is resolved, and the widest object or list. Today's contract
// is 13,680 values, its widest object 67 keys. Figures: docs/security.md.

/** The most values a version may hold, each `$ref` counted as what it refers to. */
export const MAX_DIFF_VALUES = 100_000
/** The most keys of one object, or items of one list. */
export const MAX_DIFF_KEYS = 1_000
/** The deepest nesting walked (a parser's own limit comes first in practice). */
const MAX_DEPTH = 1_000

const counted = (value: number) => value.toLocaleString('en-US')

/**
 * Why a parsed version cannot be diffed, or undefined: it refers to itself (a YAML alias inside
 * its own anchor: legal YAML, but no JSON document, and every writer of JSON would fail on it), or
 * it is larger than the diff's bounds.
 */
function shapeProblem(document: unknown): string | undefined {
  try {
    walkTree(document, '', new Set(), 0)
    sizeWithRefs(document)
    return undefined
  } catch (error) {
    if (error instanceof Refused) return error.message
    throw error
  }
}

class Refused extends Error {}

function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    // A broken escape refers to nothing the diff resolves either: counted as written.
    return segment
  }
}

/** The document as a tree, each object once per place: its width, depth and no cycle. */
function walkTree(value: unknown, pointer: string, above: Set<object>, depth: number): void {
  if (typeof value !== 'object' || value === null) return
  if (depth > MAX_DEPTH) throw new Refused(`is nested deeper than ${counted(MAX_DEPTH)} levels`)
  const entries = Object.entries(value)
  if (entries.length > MAX_DIFF_KEYS)
    throw new Refused(
      `is larger than diff compares: ${Array.isArray(value) ? `a list of ${counted(entries.length)} items` : `an object of ${counted(entries.length)} keys`} at ${pointer || '/'}, at most ${counted(MAX_DIFF_KEYS)}`,
    )
  above.add(value)
  for (const [key, child] of entries) {
    const at = childPointer(pointer, key)
    if (typeof child === 'object' && child !== null && above.has(child))
      throw new Refused(
        `refers to itself at ${at}: a YAML alias inside its own anchor, which no JSON document can hold`,
      )
    walkTree(child, at, above, depth + 1)
  }
  above.delete(value)
}

/**
 * The values the diff walks, each `$ref` counted as what it refers to, cut at the bound. Each
 * object is sized once (a schema referred to a thousand times is counted a thousand times but
 * walked once); a recursive schema's reference to itself counts once. The tree is known to have
 * no cycle of its own (walkTree), so an object met again while it is sized is a `$ref`'s.
 */
function sizeWithRefs(document: unknown): void {
  const sizes = new WeakMap<object, number>()
  const sizing = new Set<object>()
  const target = (ref: string): unknown =>
    ref.startsWith('#/')
      ? ref
          .slice(2)
          .split('/')
          .reduce<unknown>((at, segment) => {
            if (typeof at !== 'object' || at === null) return undefined
            const key = decodedSegment(segment).replace(/~1/g, '/').replace(/~0/g, '~')
            return Object.hasOwn(at, key) ? (at as Record<string, unknown>)[key] : undefined
          }, document)
      : undefined
  const size = (value: unknown): number => {
    if (typeof value !== 'object' || value === null) return 1
    const known = sizes.get(value)
    if (known !== undefined) return known
    if (sizing.has(value)) return 1
    sizing.add(value)
    let total = 1
    for (const child of Object.values(value)) total += size(child)
    const ref = (value as { $ref?: unknown }).$ref
    if (typeof ref === 'string') total += size(target(ref))
    sizing.delete(value)
    if (total > MAX_DIFF_VALUES)
      throw new Refused(
        `is larger than diff compares: more than ${counted(MAX_DIFF_VALUES)} values once its $refs are resolved, the most it compares`,
      )
    sizes.set(value, total)
    return total
  }
  size(document)
}
