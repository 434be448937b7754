import type { ToldEvent } from '../report'
import type { JudgedRun } from './judging'

/** The parts of a proxy run, as `--allow-skip` names them. */
export const PROXY_PARTS = ['proxy.traffic'] as const

/** What a run of the proxy saw: where it ran, and what the judging of its exchanges came to. */
export type ProxyRun = JudgedRun & {
  /** The upstream's URL. */
  upstream: string
  /** Where the proxy listened. */
  address: string
  startedAt: Date
  durationMs: number
  /** Why the run ended: `SIGINT`, `SIGTERM`, `duration`. */
  endedBy: string
}

/**
 * What a proxy run tells once its traffic has ended (its checks were told as they were judged):
 * its notes, the part skipped when nothing passed, its coverage.
 */
export function proxyEndEvents(run: ProxyRun): ToldEvent[] {
  const { notKept } = run
  const events: ToldEvent[] = [
    {
      type: 'note',
      text: `${run.exchangeCount} exchanges through ${run.address}, ${run.violationCount} violations; ended by ${run.endedBy}`,
    },
  ]
  if (notKept.distinct > 0 || notKept.atLeast)
    events.push({
      type: 'note',
      text: `${notKept.atLeast ? 'at least ' : ''}${notKept.distinct} more distinct exchanges (seen ${notKept.seen} times) were judged and counted but not kept in detail: ${notKept.why.join(' and ')}; each operation's checks named "… (details not kept)" count them`,
    })
  if (run.recording) {
    const { dir, sessions, steps, bytes, cut } = run.recording
    events.push({
      type: 'note',
      text: `recorded ${steps} exchanges of ${sessions} sessions in ${dir} (${bytes.toLocaleString('en-US')} bytes)${cut ? `; ${cut}` : ''}`,
    })
  }
  // Nothing passed through: the run judged nothing, which must not read as a pass.
  if (run.exchangeCount === 0)
    events.push({
      type: 'part skipped',
      part: 'proxy.traffic',
      reason: 'no request passed through the proxy',
    })
  events.push({ type: 'coverage', coverage: run.coverage })
  return events
}
