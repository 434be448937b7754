import { format } from 'node:util'

// Everything the CLI prints passes here: a server under test writes messages, keys, bodies and
// names that reach the reader's terminal, and a terminal obeys control sequences (an OSC title, an
// OSC 52 clipboard write, `ESC[2K\r` and a forged summary line, `ESC[8m` hiding text). C0 and C1
// controls but the line feed and the tab of the CLI's own layout are shown as `\xNN`. Texts that
// may hold a line feed of the target's are made one line where they are written (`printable`).
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters meant
const CONTROL_BUT_LAYOUT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g

/** Text fit for a terminal: every control character but `\n` and `\t` shown, not obeyed. */
export function terminalText(text: string): string {
  return text.replace(
    CONTROL_BUT_LAYOUT,
    (character) => `\\x${character.charCodeAt(0).toString(16).padStart(2, '0')}`,
  )
}

/** Prints to stdout: the run's results. Arguments as console.log takes them. */
export function say(...parts: unknown[]): void {
  // A single argument is printed as it is (console.log reads `%` only with more than one).
  // biome-ignore lint/suspicious/noConsole: the one place the CLI writes its results
  console.log(terminalText(format(...parts)))
}

/** Prints to stderr: usage errors, progress, the tool's own failures. */
export function warn(...parts: unknown[]): void {
  // biome-ignore lint/suspicious/noConsole: the one place the CLI writes its complaints
  console.error(terminalText(format(...parts)))
}
