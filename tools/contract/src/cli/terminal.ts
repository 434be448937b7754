import { format } from 'node:util'
import { printableLines } from '../report/printable'
import { withoutSecrets } from '../report/secrets'

// Everything the CLI prints passes here: a server under test writes messages, keys, bodies and
// names that reach the reader's terminal, and a terminal obeys control sequences (an OSC title, an
// OSC 52 clipboard write, `ESC[2K\r` and a forged summary line, `ESC[8m` hiding text). C0 and C1
// controls but the line feed and the tab of the CLI's own layout are shown as `\xNN`. Texts that
// may hold a line feed of the target's are made one line where they are written (`printable`).
// The secrets the run knows by value (passwords, URL credentials, `${NAME}` values) never pass.

/** Prints to stdout: the run's results. Arguments as console.log takes them. */
export function say(...parts: unknown[]): void {
  // A single argument is printed as it is (console.log reads `%` only with more than one).
  // biome-ignore lint/suspicious/noConsole: the one place the CLI writes its results
  console.log(printableLines(withoutSecrets(format(...parts))))
}

/** Prints to stderr: usage errors, progress, the tool's own failures. */
export function warn(...parts: unknown[]): void {
  // biome-ignore lint/suspicious/noConsole: the one place the CLI writes its complaints
  console.error(printableLines(withoutSecrets(format(...parts))))
}

/** The CLI's own wipe of the status line on a terminal: back to its start, the line cleared. */
export const WIPE_LINE = '\r\x1b[2K'

/**
 * Where the status line goes (stderr): its text passes as every line does; only the CLI's own
 * wipe passes as it is.
 */
export const statusLineStream = {
  get isTTY(): boolean {
    return process.stderr.isTTY === true
  },
  write(text: string): boolean {
    return process.stderr.write(text === WIPE_LINE ? text : printableLines(withoutSecrets(text)))
  },
}
