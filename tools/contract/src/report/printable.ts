/** C0 and C1 control characters: a terminal obeys them (titles, clipboard writes, erased lines). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are what it finds
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g
/** The same but the line feed and the tab a text's own layout uses. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are what it finds
const CONTROL_BUT_LAYOUT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g

/**
 * Characters a terminal shows as nothing, or as a plain space: whitespace other than the space
 * itself (U+00A0, U+2028, U+3000 ...) and format characters (U+200B, U+FEFF, U+202E ...). A body
 * made of one would print as an empty or blank line, and the reader could not tell which bytes
 * were sent.
 */
export const INVISIBLE = /(?! )[\p{Zs}\p{Zl}\p{Zp}\p{Cf}]/gu

const shown = (character: string) => `\\x${character.charCodeAt(0).toString(16).padStart(2, '0')}`

/** `\u00a0`, as JavaScript and JSON write the character; `\u{e0001}` beyond the first plane. */
export function escapedCodePoint(character: string): string {
  const point = character.codePointAt(0) ?? 0
  const hex = point.toString(16)
  return point > 0xffff ? `\\u{${hex}}` : `\\u${hex.padStart(4, '0')}`
}

/**
 * Text that came from a target, fit for one line of a terminal: each control character, the line
 * feed included, shown as `\xNN` rather than obeyed, so that a server under test can neither
 * write to the reader's screen nor start a line of its own; each invisible one as `\uNNNN`, so
 * that what is printed is what was sent.
 */
export function printable(text: string): string {
  return text.replace(CONTROL, shown).replace(INVISIBLE, escapedCodePoint)
}

/** As `printable`, but keeping the line feeds and tabs of a text laid out in lines. */
export function printableLines(text: string): string {
  return text.replace(CONTROL_BUT_LAYOUT, shown).replace(INVISIBLE, escapedCodePoint)
}

/** The first line of an error's message: what the user reads after `devenv-contract: `. */
export function firstLineOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  return message.split('\n')[0]?.trim() || 'unknown error'
}
