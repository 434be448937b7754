/** C0 and C1 control characters: a terminal obeys them (titles, clipboard writes, erased lines). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are what it finds
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g
/** The same but the line feed and the tab a text's own layout uses. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are what it finds
const CONTROL_BUT_LAYOUT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g

const shown = (character: string) => `\\x${character.charCodeAt(0).toString(16).padStart(2, '0')}`

/**
 * Text that came from a target, fit for one line of a terminal: each control character, the line
 * feed included, shown as `\xNN` rather than obeyed, so that a server under test can neither
 * write to the reader's screen nor start a line of its own.
 */
export function printable(text: string): string {
  return text.replace(CONTROL, shown)
}

/** As `printable`, but keeping the line feeds and tabs of a text laid out in lines. */
export function printableLines(text: string): string {
  return text.replace(CONTROL_BUT_LAYOUT, shown)
}

/** The first line of an error's message: what the user reads after `devenv-contract: `. */
export function firstLineOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  return message.split('\n')[0]?.trim() || 'unknown error'
}
