import { execFile } from 'node:child_process'
import { readFile, stat } from 'node:fs/promises'
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

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path)
    return true
  } catch {
    return false
  }
}

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
    if (error instanceof AnswerTooLarge)
      throw new ContractSourceError(
        `${shown} is larger than ${bounds.maxBytes} bytes, the most read`,
      )
    throw new ContractSourceError(`${shown} could not be read: ${firstLine(error)}`)
  }
}

function fromGit(revision: string, path: string, bounds: SourceBounds): Promise<string> {
  const spec = `${revision}:${path}`
  return new Promise((resolve, reject) => {
    // No shell: the revision and path are one argument, whatever they hold.
    execFile(
      'git',
      ['show', spec],
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
        if (code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER')
          return reject(
            new ContractSourceError(
              `${spec} is larger than ${bounds.maxBytes} bytes, the most read`,
            ),
          )
        const said = stderr
          .split('\n')
          .map((line) => line.replace(/^fatal:\s*/, '').trim())
          .find((line) => line !== '')
        reject(new ContractSourceError(`${spec}: git show failed: ${said ?? firstLine(error)}`))
      },
    )
  })
}

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
  if (await exists(file)) {
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

/** A version's text as a document: YAML, of which JSON is a part. */
export function parseContract(text: string, shown: string): unknown {
  try {
    return parse(text)
  } catch (error) {
    throw new ContractSourceError(`${shown} is neither YAML nor JSON: ${firstLine(error)}`)
  }
}
