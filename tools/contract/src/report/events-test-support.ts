import { RunStream, type ToldEvent } from './events'
import type { RunReport } from './run-report'

/** The report a run's stream makes of its events: what a test that holds a run's events reads. */
export async function reportOfEvents(
  events: readonly ToldEvent[],
  durationMs = 0,
): Promise<RunReport> {
  const stream = new RunStream()
  await stream.emitAll(events)
  return stream.finish(durationMs)
}
