import type { LinkParams } from './mailbox'

const URL_IN_TEXT = /https?:\/\/[^\s<>"'`]+/gi
const HREF = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')/gi
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' }

/** An attribute's text as the browser reads it: `&amp;`, `&#38;` and `&#x26;` are `&`. */
function unescapeHtml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole
    const code =
      name[1]?.toLowerCase() === 'x'
        ? Number.parseInt(name.slice(2), 16)
        : Number.parseInt(name.slice(1), 10)
    return Number.isFinite(code) ? String.fromCodePoint(code) : whole
  })
}

/** A link's query parameters, and those after `#...?` (single-page apps route in the fragment). */
function paramsOf(link: string): Array<[string, string]> {
  let url: URL
  try {
    url = new URL(link)
  } catch {
    return []
  }
  const inFragment = url.hash.includes('?') ? url.hash.slice(url.hash.indexOf('?')) : ''
  return [...url.searchParams.entries(), ...new URLSearchParams(inFragment).entries()]
}

/**
 * The link parameters of an e-mail as a reader would click them: the query parameters of every
 * http(s) link in its plain text, then in its HTML (`href`s), the first of each name kept. The
 * stub's development mailbox answers the same for its one link, so both adapters agree.
 */
export function linkParamsOf(mail: {
  text?: string | undefined
  html?: string | undefined
}): LinkParams {
  const links = [
    ...[...(mail.text ?? '').matchAll(URL_IN_TEXT)].map((match) =>
      match[0].replace(TRAILING_PUNCTUATION, ''),
    ),
    ...[...(mail.html ?? '').matchAll(HREF)].map((match) =>
      unescapeHtml(match[1] ?? match[2] ?? ''),
    ),
  ]
  const params: LinkParams = {}
  for (const link of links)
    for (const [name, value] of paramsOf(link)) if (!(name in params)) params[name] = value
  return params
}
