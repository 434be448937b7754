import { env } from '../config/env'
import { pageTitle } from '../config/environments'
import { type SharedMessageCode, t } from './i18n/i18n'

export const SITE_NAME = 'DevEnv'

type HeadMeta = { title: string } | { name: string; content: string }

/**
 * A route's `head`: its title (with the environment's suffix) and its description, translated when
 * they are read rather than when the route loads. The router runs a route's head once, as it
 * loads, and keeps what it answered; at start-up that is before the chosen catalogue is switched
 * on, so a Georgian page kept its English title until a reload of every route. Read now, the head
 * is in the language of the moment the document's head is written (use-route-effects.ts).
 */
export function pageHead(
  title: { code: SharedMessageCode; brand?: boolean },
  description: SharedMessageCode,
) {
  const meta: HeadMeta[] = [
    {
      get title() {
        const text = t(title.code)
        return pageTitle(title.brand === false ? text : `${text} | ${SITE_NAME}`, env.appEnv)
      },
    },
    {
      name: 'description',
      get content() {
        return t(description)
      },
    },
  ]
  return { meta }
}

export type DocumentHeadData = { title: string; description: string }

type MetaEntry = { title?: unknown; name?: unknown; content?: unknown }
type MatchHead = { meta?: ReadonlyArray<MetaEntry | undefined> | undefined }

/** The deepest route's title and description, for the prerenderer and the client's head sync. */
export function headOfMatches(matches: readonly MatchHead[]): DocumentHeadData {
  let title = ''
  let description = ''
  for (const match of matches) {
    for (const entry of match.meta ?? []) {
      if (!entry) continue
      if (typeof entry.title === 'string') title = entry.title
      if (entry.name === 'description' && typeof entry.content === 'string') {
        description = entry.content
      }
    }
  }
  return { title, description }
}
