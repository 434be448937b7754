/**
 * Values the toolkit itself makes up to send, never anybody's secret: reports show them as they
 * were sent, even in fields named like secrets, so that a reproducer repeats the very request (a
 * weak password refused is the point of its check, and `$PASSWORD` would send another).
 */

/** A password of strength well under 40 (the contract's rule), eight CJK characters long. */
export const WEAK_PASSWORD = '密码密码密码密码'

const SHOWN_AS_SENT: ReadonlySet<string> = new Set([WEAK_PASSWORD])

/** True for a value of the toolkit's own that a report may show in a secret field. */
export function isToolkitTestValue(value: string): boolean {
  return SHOWN_AS_SENT.has(value)
}
