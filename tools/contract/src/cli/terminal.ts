import { format } from 'node:util'
import { printable, printableLines } from '../report/printable'
import { withoutSecrets } from '../report/secrets'

// Everything the CLI prints passes here: a server under test writes messages, keys, bodies and
// names that reach the reader's terminal, and a terminal obeys control sequences (an OSC title, an
// OSC 52 clipboard write, `ESC[2K\r` and a forged summary line, `ESC[8m` hiding text). C0 and C1
// controls but the line feed and the tab of the CLI's own layout are shown as `\xNN`. Texts that
// may hold a line feed of the target's are made one line where they are written (`printable`), or
// printed with `sayLines`, which makes each line one whatever it holds.
// The secrets the run knows by value (passwords, URL credentials, `${NAME}` values) never pass.
// A CI log is a terminal too: GitHub Actions obeys a line that starts with `::` (after blanks) as
// a workflow command (`::error::`, `::add-mask::`, `::stop-commands::`), and `##[` anywhere as an
// older one. The CLI never writes one, so each is shown with its first character as `\xNN`.

// A workflow command at the start of a line, after blanks (the runner trims them first).
const WORKFLOW_COMMAND = /^([ \t]*):(?=:)/gm
// The older form, read anywhere in a line.
const OLD_WORKFLOW_COMMAND = /#(?=#\[)/g

/** A text fit for the terminal and a CI log: no secret, no control obeyed, no workflow command. */
function shown(text: string): string {
  return printableLines(withoutSecrets(text))
    .replace(WORKFLOW_COMMAND, '$1\\x3a')
    .replace(OLD_WORKFLOW_COMMAND, '\\x23')
}

/** Prints to stdout: the run's results. Arguments as console.log takes them. */
export function say(...parts: unknown[]): void {
  // A single argument is printed as it is (console.log reads `%` only with more than one).
  // biome-ignore lint/suspicious/noConsole: the one place the CLI writes its results
  console.log(shown(format(...parts)))
}

/** Prints to stderr: usage errors, progress, the tool's own failures. */
export function warn(...parts: unknown[]): void {
  // biome-ignore lint/suspicious/noConsole: the one place the CLI writes its complaints
  console.error(shown(format(...parts)))
}

/**
 * Prints lines to stdout, each one line whatever it holds: a line feed inside one (a contract's
 * name, a server's message) is shown as `\x0a`, so that no text starts a line of its own.
 */
export function sayLines(lines: readonly string[]): void {
  say(lines.map((line) => printable(line)).join('\n'))
}

/** As `sayLines`, to stderr. */
export function warnLines(lines: readonly string[]): void {
  warn(lines.map((line) => printable(line)).join('\n'))
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
    return process.stderr.write(text === WIPE_LINE ? text : shown(text))
  },
}
