import { spawn } from 'node:child_process'
import { printable } from '../report/printable'
import { linkParamsOf } from './links'
import type { LinkParams, Mailbox } from './mailbox'

/** What a command may print: one e-mail, or its link. More is cut, and the read fails. */
const OUTPUT_LIMIT_BYTES = 4 * 1024 * 1024
/** An address no mailbox holds mail for, to try the command before the run. */
const PROBE_ADDRESS = 'mailbox-probe@example.invalid'

type Outcome = { code: number | null; stdout: string; stderr: string; cut: boolean }

/**
 * Runs `sh -c command sh ADDRESS`, with the address in $1 and $DEVENV_MAILBOX_TO, in a process
 * group of its own, so that a timeout or a flood ends what the shell started too.
 */
function run(command: string, address: string, timeoutMs: number): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', command, 'sh', address], {
      env: { ...process.env, DEVENV_MAILBOX_TO: address },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    })
    const stop = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL')
      } catch {
        // Already gone.
      }
    }
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      stop()
    }, timeoutMs)
    const out: Buffer[] = []
    const err: Buffer[] = []
    let size = 0
    let errSize = 0
    let cut = false
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= OUTPUT_LIMIT_BYTES) out.push(chunk)
      else if (!cut) {
        cut = true
        stop()
      }
    })
    child.stderr.on('data', (chunk: Buffer) => {
      errSize += chunk.length
      if (errSize <= 4096) err.push(chunk)
    })
    child.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({
        code: timedOut ? null : code,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
        cut,
      })
    })
  })
}

/** The first line of what the command said on stderr, control characters shown, not obeyed. */
const firstLine = (text: string) => printable((text.trim().split('\n')[0] ?? '').slice(0, 200))

/**
 * A mailbox read by a command of the team's own (`--mailbox 'exec:CMD'`): an SQL outbox, Mailpit's
 * API through curl, a cloud inbox's CLI. The command runs under `sh -c` with the address in `$1`
 * and in `$DEVENV_MAILBOX_TO`, and prints the newest e-mail to it (its text or HTML, or just its
 * link); nothing when there is none. Exit status 0 means it could read the mailbox. Its output is
 * read as an e-mail: the links' query parameters, as MailDev's adapter reads them.
 */
export function commandMailbox(
  command: string,
  { timeoutMs = 15_000, deliveryMs = 10_000 }: { timeoutMs?: number; deliveryMs?: number } = {},
): Mailbox {
  // The command may hold a token (curl -u): the name shows only the program it starts with.
  const program = command.trim().split(/\s+/)[0] ?? ''
  const name = `the mailbox command (${program})`
  const read = async (address: string): Promise<Outcome> => {
    const outcome = await run(command, address, timeoutMs)
    if (outcome.cut)
      throw new Error(`${name} printed more than ${OUTPUT_LIMIT_BYTES / 1024 / 1024} MiB`)
    if (outcome.code !== 0)
      throw new Error(
        `${name} exited ${outcome.code ?? `after ${timeoutMs} ms`}${outcome.stderr.trim() ? `: ${firstLine(outcome.stderr)}` : ''}`,
      )
    return outcome
  }
  return {
    name,
    deliveryMs,
    links: async (to): Promise<LinkParams[]> => {
      const { stdout } = await read(to)
      if (stdout.trim() === '') return []
      // HTML is read by its links' href, as a reader clicks them; anything else as plain text.
      const params = linkParamsOf(/\bhref\s*=/i.test(stdout) ? { html: stdout } : { text: stdout })
      return Object.keys(params).length === 0 ? [] : [params]
    },
    problem: async () => {
      try {
        await read(PROBE_ADDRESS)
        return undefined
      } catch (error) {
        return error instanceof Error ? error.message : String(error)
      }
    },
  }
}
