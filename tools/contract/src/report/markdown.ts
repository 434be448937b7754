import { printable } from './printable'

// Markdown of text the toolkit did not write (a contract's paths, operationIds, field names and
// values): a pull request's comment (diff.md) and openapi/CHANGELOG.md are rendered by GitHub,
// where such text could be a link, an image that calls a server, an @mention that notifies
// someone, or HTML. Escaping with backslashes is not enough there: GitHub finds mentions and bare
// URLs in the rendered text, and leaves alone only what is inside code. So foreign text is a code
// span, unless it is only words (`request body "email" pattern added`), which stay plain.

/**
 * Text that cannot become anything in Markdown: letters, digits, blanks, quotes, commas and
 * brackets (no `-`, which `GH-1` makes a reference to an issue).
 */
const PLAIN = /^[\p{L}\p{N} "',()]*$/u

type Where = { inTable?: boolean }

/**
 * Foreign text as a code span, on one line: a fence of backticks longer than any run inside, so
 * that none ends it early, and blanks inside it where the text starts or ends with a backtick or
 * a blank (CommonMark strips one from each end). In a table cell a `|` is escaped, which GitHub
 * reads inside code too.
 */
export function markdownCode(text: string, where: Where = {}): string {
  const line = printable(text)
  const clean = where.inTable ? line.replace(/\|/g, '\\|') : line
  if (clean === '') return '(empty)'
  const longest = Math.max(0, ...(clean.match(/`+/g) ?? []).map((run) => run.length))
  const fence = '`'.repeat(longest + 1)
  const padded = /^[` ]|[` ]$/.test(clean) ? ` ${clean} ` : clean
  return `${fence}${padded}${fence}`
}

/** Foreign text in running Markdown: as it is when it is only words, else a code span. */
export function markdownText(text: string, where: Where = {}): string {
  const line = printable(text)
  return PLAIN.test(line) && line.trim() !== '' ? line : markdownCode(text, where)
}
