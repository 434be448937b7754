import { quote } from 'shlex'
import type { RecordedRequest } from '../http'
import { INVISIBLE } from './printable'
import { bodyPieces, contentTypeOf, headerPieces, type Piece } from './redact'

// A reproducer is pasted into a shell, so every byte of the request in it is the sender's: a
// header, a query or a body may hold `$(…)`, backticks, quotes or line breaks. Each stretch of text
// is quoted by shlex (Python's shlex.quote: single quotes, nothing expands inside them); a secret
// is `"$NAME"`, a double-quoted word that holds the variable and nothing else.

// biome-ignore lint/suspicious/noControlCharactersInRegex: the NUL byte is what is looked for
const NUL = /\u0000/g
// Bytes of a body that an argument cannot hold (NUL) or that a copy and paste does not keep or
// a terminal acts on (CR, ESC and the other C0 controls but tab and line feed, DEL, and the C1
// controls U+0080 to U+009F, which the CLI's terminal output shows as `\xNN`: a command holding
// one would be printed other than it is, and would no longer reproduce the request).
// Invisible characters too (whitespace but the space, such as U+00A0, U+2028 and U+3000, and
// format characters such as U+200B and U+FEFF): a terminal shows them as a space or as nothing, a
// copy and paste may keep a plain space or drop them, and the request sent would not be the one.
// They are written as printf's octal escapes of their UTF-8 bytes, not in `$'\xc2\xa0'`: printf's
// `\ooo` is POSIX, so the same bytes are sent from sh and dash as from bash, zsh and ksh.
const UNPRINTABLE = new RegExp(
  `[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f]|${INVISIBLE.source}`,
  'u',
)
const EVERY_UNPRINTABLE = new RegExp(UNPRINTABLE.source, 'gu')

/** Adjacent stretches of text as one, so that each is quoted once. */
function merged(pieces: readonly Piece[]): Piece[] {
  const out: Piece[] = []
  for (const piece of pieces) {
    const last = out.at(-1)
    if (typeof piece === 'string' && typeof last === 'string') out[out.length - 1] = last + piece
    else out.push(piece)
  }
  return out
}

/** The shell word for pieces: quoted text, and `"$NAME"` for each secret. */
function shellWord(pieces: readonly Piece[]): string {
  const word = merged(pieces)
    .map((piece) =>
      typeof piece !== 'string' ? `"$${piece.variable}"` : piece === '' ? '' : quote(piece),
    )
    .join('')
  return word === '' ? "''" : word
}

/**
 * No argument can hold a NUL byte. In the URL it is `%00`, as fetch sends it (the URL standard
 * percent-encodes control characters); in a method or a header, where HTTP forbids it and no
 * client sends one, it is U+FFFD, the mark of a byte that could not be kept.
 */
const inUrl = (text: string) => text.replace(NUL, '%00')
const inHeader = (text: string) => text.replace(NUL, '\uFFFD')

/** The `-H` argument of a header: curl drops a header written `name:`, so an empty one is `name;`. */
function headerArgument(name: string, value: string): string {
  const pieces = headerPieces(inHeader(name), inHeader(value))
  if (pieces.every((piece) => piece === '')) return shellWord([`${inHeader(name)};`])
  return shellWord([`${inHeader(name)}: `, ...pieces])
}

/**
 * printf's format for a body that holds such bytes (printf writes them from octal escapes): `\`
 * and `%` escaped, each such character as the `\ooo` of its UTF-8 bytes, each secret as `%s`
 * (its variable is an argument, never a format).
 */
function printfFormat(pieces: readonly Piece[]): string {
  const format = pieces
    .map((piece) =>
      typeof piece !== 'string'
        ? '%s'
        : piece
            .replace(/\\/g, '\\\\')
            .replace(/%/g, '%%')
            .replace(EVERY_UNPRINTABLE, (character) =>
              [...Buffer.from(character, 'utf8')]
                .map((byte) => `\\${byte.toString(8).padStart(3, '0')}`)
                .join(''),
            ),
    )
    .join('')
  // A leading `-` would be read as an option of printf.
  return format.startsWith('-') ? `\\055${format.slice(1)}` : format
}

/**
 * A ready-to-run curl command that repeats a request: the method, URL, headers and body arrive
 * as they were sent, whatever bytes they hold. Secrets are shell variables the user sets first
 * (`$ACCESS_TOKEN` after signing in, `$PASSWORD` and the like); the shell expands those alone.
 * `--globoff` keeps `[` and `{` of a URL as they are; `--data-raw` does not read a body that
 * starts with `@` as a file. A body with a NUL byte, a CR or another control byte, or an invisible
 * character (U+00A0, U+200B ...), is written by printf into `--data-binary @-`, so that the text
 * to paste is printable and every byte of it shows.
 */
export function curlCommand(request: RecordedRequest): string {
  const curl = [
    'curl',
    '-i',
    '--globoff',
    '-X',
    shellWord([inHeader(request.method)]),
    shellWord([inUrl(request.url)]),
  ]
  for (const [name, value] of Object.entries(request.headers))
    curl.push('-H', headerArgument(name, value))
  if (request.body === undefined) return curl.join(' ')
  const body = bodyPieces(request.body, contentTypeOf(request))
  if (body.every((piece) => typeof piece !== 'string' || !UNPRINTABLE.test(piece)))
    return [...curl, '--data-raw', shellWord(body)].join(' ')
  const variables = body.flatMap((piece) => (typeof piece === 'string' ? [] : [shellWord([piece])]))
  return [
    'printf',
    shellWord([printfFormat(body)]),
    ...variables,
    '|',
    ...curl,
    '--data-binary',
    '@-',
  ].join(' ')
}
