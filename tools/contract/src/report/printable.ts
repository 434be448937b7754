/** C0 and C1 control characters: a terminal obeys them (titles, clipboard writes, erased lines). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are what it finds
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g

/**
 * Text that came from a target, fit for a terminal: each control character shown as `\xNN`
 * rather than obeyed, so that a server under test cannot write to the reader's screen.
 */
export function printable(text: string): string {
  return text.replace(CONTROL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`)
}
