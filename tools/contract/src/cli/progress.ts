import type { RunBound } from '../fuzz/bound'
import { WIPE_LINE } from './terminal'

/** Where the progress line goes: a terminal gets it rewritten in place, a log a line now and then. */
export type ProgressStream = Pick<NodeJS.WriteStream, 'write'> & { isTTY?: boolean }

/** A terminal sees the line change each second; a CI log gets one line each half-minute. */
const TERMINAL_EVERY_MS = 1_000
const LOG_EVERY_MS = 30_000

export type Progress = {
  /** Wipes the line on a terminal, so a line printed next starts clean; the next tick redraws it. */
  clear: () => void
  stop: () => void
}

export type StatusLine = {
  /** The line as it now reads: rewritten in place on a terminal, a whole line each half-minute in a log. */
  show: (text: string) => void
  /** Wipes the line on a terminal, so a line printed next starts clean. */
  clear: () => void
}

/** The status line of a stream, paced by `now`: a log takes a line once per LOG_EVERY_MS. */
export function statusLine(stream: ProgressStream, now: () => number = Date.now): StatusLine {
  const terminal = stream.isTTY === true
  let shown = false
  let written = now()
  const clear = () => {
    if (terminal && shown) stream.write(WIPE_LINE)
    shown = false
  }
  return {
    clear,
    show: (text) => {
      if (terminal) {
        clear()
        stream.write(text)
        shown = true
      } else if (now() - written >= LOG_EVERY_MS) {
        written = now()
        stream.write(`${text}\n`)
      }
    },
  }
}

/**
 * Prints the bound's progress line until stopped: requests done, failures, the phase and the time
 * left. On a terminal the line is rewritten in place and wiped when the run ends, so the report
 * that follows starts on a clean line.
 */
export function showProgress(
  bound: Pick<RunBound, 'progressLine'>,
  stream: ProgressStream,
): Progress {
  const terminal = stream.isTTY === true
  let ticks = 0
  const every = terminal ? TERMINAL_EVERY_MS : LOG_EVERY_MS
  // Paced by its own ticks: each is a whole interval, whatever the clock says.
  const line = statusLine(stream, () => ticks * every)
  const timer = setInterval(() => {
    ticks++
    line.show(bound.progressLine())
  }, every)
  // The line never keeps the process alive on its own.
  timer.unref()
  return {
    clear: line.clear,
    stop: () => {
      clearInterval(timer)
      line.clear()
    },
  }
}
