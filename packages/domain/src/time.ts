/** An ISO 8601 timestamp for a moment the caller supplies (the domain never reads the clock). */
export function isoTimestamp(now: number): string {
  return new Date(now).toISOString()
}
