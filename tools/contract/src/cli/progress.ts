import type { RunHandler } from '../report'
import { statusLineStream, WIPE_LINE, warn } from './terminal'

/** Where the progress line goes: a terminal gets it rewritten in place, a log a line now and then. */
export type ProgressStream = Pick<NodeJS.WriteStream, 'write'> & { isTTY?: boolean }

/** A CI log gets one line each half-minute (a terminal sees each progress event). */
const LOG_EVERY_MS = 30_000

/**
 * The progress line's handler: fuzz's status line (rewritten in place on a terminal, a line each
 * half-minute of `now` in a log) and the other progress lines on stderr. The status line is wiped
 * before anything else is printed (an alert, the summary) and when the run ends, however it ends.
 */
export function progressOutput(
  stream: ProgressStream = statusLineStream,
  now: () => number = Date.now,
): RunHandler {
  const terminal = stream.isTTY === true
  let shown = false
  let written = now()
  const clear = () => {
    if (terminal && shown) stream.write(WIPE_LINE)
    shown = false
  }
  return {
    handle: (event) => {
      if (event.type === 'progress' && event.status) {
        if (terminal) {
          clear()
          stream.write(event.text)
          shown = true
        } else if (now() - written >= LOG_EVERY_MS) {
          written = now()
          stream.write(`${event.text}\n`)
        }
        return
      }
      if (event.type === 'progress' || event.type === 'alert' || event.type === 'finished') clear()
      if (event.type === 'progress') warn(`  ... ${event.text}`)
    },
    shutdown: clear,
  }
}
