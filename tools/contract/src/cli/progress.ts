import { WIPE_LINE } from './terminal'

/** Where the progress line goes: a terminal gets it rewritten in place, a log a line now and then. */
export type ProgressStream = Pick<NodeJS.WriteStream, 'write'> & { isTTY?: boolean }

/** A CI log gets one line each half-minute (a terminal sees each progress event). */
const LOG_EVERY_MS = 30_000

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
