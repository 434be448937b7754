import type { EventDetails } from './event-log'

/** Words that make the Not Found page show its restricted-access note ('tech' covers 'technical'). */
export const RESTRICTED_PATH_WORDS = [
  'technical',
  'admin',
  'api',
  'docs',
  'infrastructure',
  'tech',
] as const

export function isRestrictedAreaPath(path: string): boolean {
  const lower = path.toLowerCase()
  return RESTRICTED_PATH_WORDS.some((word) => lower.includes(word))
}

/** Details of the 404_page_access event: the path asked for and where the visitor came from. */
export function notFoundEventDetails(originalPath: string, referrer: string | null | undefined) {
  return {
    original_path: originalPath,
    referrer: referrer?.trim() ? referrer : 'direct',
  } satisfies EventDetails
}

/** The documentation search acts only on a non-blank query. */
export function documentationSearchQuery(query: string): string | null {
  const trimmed = query.trim()
  return trimmed === '' ? null : trimmed
}
