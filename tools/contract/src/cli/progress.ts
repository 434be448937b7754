import type { RunBound } from '../fuzz/bound'

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

/** No progress line (`--quiet`). */
export const NO_PROGRESS: Progress = { clear: () => undefined, stop: () => undefined }

/**
 * Prints the bound's progress line until stopped: requests done, failures, the phase and the time
 * left. On a terminal the line is rewritten in place and wiped when the run ends, so the report
 * that follows starts on a clean line.
 */
export function showProgress(bound: RunBound, stream: ProgressStream): Progress {
  const terminal = stream.isTTY === true
  let shown = false
  const clear = () => {
    if (terminal && shown) stream.write('\r\x1b[2K')
    shown = false
  }
  const timer = setInterval(
    () => {
      if (terminal) {
        clear()
        stream.write(bound.progressLine())
        shown = true
      } else stream.write(`${bound.progressLine()}\n`)
    },
    terminal ? TERMINAL_EVERY_MS : LOG_EVERY_MS,
  )
  // The line never keeps the process alive on its own.
  timer.unref()
  return {
    clear,
    stop: () => {
      clearInterval(timer)
      clear()
    },
  }
}
