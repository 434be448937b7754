/** What is sent as `userAgent` when the browser gives none (the contract requires one). */
export const UNKNOWN_USER_AGENT = 'unknown'

/** The browser's user agent for a report or a submission: never empty. */
export function reportedUserAgent(userAgent: string | null | undefined): string {
  return userAgent?.trim() || UNKNOWN_USER_AGENT
}
