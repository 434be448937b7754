import type { ResetLinkParams } from '@devenv/domain/reset-link'

/**
 * The link's `user` and `hash`, read from the raw query string: the router's own parser turns
 * values that look like JSON into numbers (an all-digit hash would lose digits), the mail's link
 * must arrive exactly as sent.
 */
export function resetLinkParams(search: string): ResetLinkParams {
  const query = new URLSearchParams(search)
  return { user: query.get('user'), hash: query.get('hash') }
}
