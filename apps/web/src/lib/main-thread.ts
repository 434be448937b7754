/** Chromium's prioritised task scheduler (scheduler.yield), where the browser has one. */
type TaskScheduler = { yield?: () => Promise<void> }

/**
 * Ends the current task and resumes in a new one, so that the browser can paint and answer input
 * in between: start-up is a chain of short tasks instead of one long one. Where
 * `scheduler.yield` exists the rest of the chain goes ahead of other queued work, as a
 * continuation; elsewhere it waits behind it, like any timer.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: TaskScheduler }).scheduler
  if (typeof scheduler?.yield === 'function') return scheduler.yield()
  return new Promise((resume) => setTimeout(resume, 0))
}
