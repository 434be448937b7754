// The reading and judging of the traffic on a thread of their own, so that the relay's thread
// does nothing but pass bytes on. On Linux the thread runs at the lowest priority (nice 19): when
// the machine is busy, forwarding comes first and the checks catch up after. See docs/decisions/contract-toolkit.md.
import { setPriority } from 'node:os'
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'
import { loadContract } from '@devenv/openapi'
import { createRecorder } from '../replay/recorder'
import type { ToldEvent } from '../report'
import { rememberSecret } from '../report/secrets'
import { createJudging, type JudgedRun } from './judging'
import {
  type ClientAction,
  type ConnectionState,
  type Direction,
  type GoneHow,
  readTraffic,
  type Traffic,
} from './reading'
import type { RelayControl } from './transport'

type Setup = {
  upstream: string
  contractPath: string | undefined
  /** `--record DIR`: where each session's exchanges are written, and the bound in bytes. */
  record?: { dir: string; maxBytes: number }
  /** The run's known secrets (`secrets.ts` is per thread): a recording must hold none of them. */
  secrets?: Array<[string, string | undefined]>
}

/** Records of one batch: [kind, connection, a, b] each; bytes follow one another in `data`. */
const BYTES = 0
const GONE = 1
const ASK = 2
const CLOSED = 3
const DIRECTIONS: Direction[] = ['request', 'answer']
const HOWS: GoneHow[] = ['closed', 'failed', 'unreachable', 'timed out']

type Batch = { records: Int32Array; data: Uint8Array; reasons: string[] }

type FromThread =
  | { act: [number, ClientAction] }
  | { answer: [number, number, ConnectionState] }
  /** What was judged since the last of these: the lines it printed (violations) and its checks. */
  | { told: ToldEvent[] }
  | { done: number }
  | { judged: JudgedRun }

// Past this many bytes not yet read by the thread, the relay stops reading sockets until the
// thread has caught up to half of it: checks fall behind, never get lost.
const MAX_BEHIND_BYTES = 64 * 1024 * 1024
// The thread says how far it has read once per this many bytes: a message per batch would cost
// it more than reading them.
const READ_REPORT_BYTES = 1024 * 1024
// How long the relay gathers what passed before handing it over.
const BATCH_MS = 2
// A check new to the run is told once its batch is judged; a count that grew, at most this often.
const RECOUNT_MS = 1000

export type JudgingThread = {
  traffic: (relay: RelayControl) => Traffic
  /** Everything handed over so far is judged: what it came to. The thread then ends. */
  finish: () => Promise<JudgedRun>
}

/**
 * Starts the thread; `tell` gets what it judged as it is judged: each line it prints as an alert
 * (violations as they are found), each check as it is first judged and as its count grows.
 */
export function startJudgingThread(setup: Setup, tell: (event: ToldEvent) => void): JudgingThread {
  // Built, the thread is its own file beside this one's bundle; in the workspace it is
  // TypeScript, which judging-thread.source.mjs compiles as the CLI's own loader does.
  const source = import.meta.url.endsWith('.ts')
  const entry = new URL(
    source ? './judging-thread.source.mjs' : './judging-thread.js',
    import.meta.url,
  )
  const worker = new Worker(entry, {
    workerData: { ...setup, judgingThread: true },
    // The workspace's packages are read from their source, as the tests and the CLI's tsx do.
    ...(source ? { execArgv: [...process.execArgv, '--conditions=@devenv/source'] } : {}),
  })
  let relay: RelayControl | undefined
  let finished: ((judged: JudgedRun) => void) | undefined
  let failed: ((error: Error) => void) | undefined
  /** Why the thread ended before it was asked to (the proxy's own bug). */
  let stopped: Error | undefined
  let judged = false
  let behind = 0
  let held = false
  worker.on('message', (message: FromThread) => {
    if ('act' in message) relay?.act(...message.act)
    else if ('answer' in message) relay?.answer(...message.answer)
    else if ('told' in message) for (const event of message.told) tell(event)
    else if ('done' in message) {
      behind -= message.done
      if (held && behind < MAX_BEHIND_BYTES / 2) {
        held = false
        relay?.hold(false)
      }
    } else {
      judged = true
      finished?.(message.judged)
    }
  })
  const stop = (error: Error) => {
    if (stopped || judged) return
    stopped = error
    tell({
      type: 'alert',
      text: `proxy: the checks stopped (${error.message}); the traffic is still forwarded`,
    })
    if (held) relay?.hold(false)
    held = false
    failed?.(error)
  }
  worker.on('error', stop)
  worker.on('exit', (code) => stop(new Error(`the judging thread exited with code ${code}`)))

  let records: number[] = []
  let chunks: Buffer[] = []
  let size = 0
  let reasons: string[] = []
  const send = () => {
    if (records.length === 0) return
    const data = new Uint8Array(size)
    let at = 0
    for (const chunk of chunks) {
      data.set(chunk, at)
      at += chunk.length
    }
    const batch: Batch = { records: Int32Array.from(records), data, reasons }
    worker.postMessage(batch, [batch.records.buffer as ArrayBuffer, data.buffer])
    behind += size
    if (!held && !stopped && behind > MAX_BEHIND_BYTES) {
      held = true
      relay?.hold(true)
    }
    records = []
    chunks = []
    size = 0
    reasons = []
  }
  // One message per BATCH_MS, whatever passed in it: under load, one per turn of the event loop
  // would cost both threads more in messages than the checks save.
  const record = (kind: number, connection: number, a: number, b: number) => {
    if (records.push(kind, connection, a, b) === 4) setTimeout(send, BATCH_MS)
  }

  return {
    traffic: (control) => {
      relay = control
      return {
        bytes: (connection, direction, chunk) => {
          chunks.push(chunk)
          size += chunk.length
          record(BYTES, connection, DIRECTIONS.indexOf(direction), chunk.length)
        },
        upstreamGone: (connection, how, reason) =>
          record(GONE, connection, HOWS.indexOf(how), reasons.push(reason) - 1),
        ask: (connection, question) => record(ASK, connection, question, 0),
        closed: (connection) => record(CLOSED, connection, 0, 0),
      }
    },
    finish: () =>
      new Promise<JudgedRun>((resolve, reject) => {
        if (stopped) return reject(stopped)
        send()
        failed = reject
        finished = (judged) => {
          resolve(judged)
          void worker.terminate()
        }
        worker.postMessage('finish')
      }),
  }
}

/** The thread's side: reads each batch in order, judges each exchange, answers the relay. */
function runJudgingThread(port: NonNullable<typeof parentPort>, setup: Setup): void {
  // Linux gives each thread its own nice value; elsewhere this lowers the whole process, or
  // is refused, and the proxy only loses the preference.
  try {
    setPriority(19)
  } catch {
    // not permitted here: run at the usual priority
  }
  const post = (message: FromThread) => port.postMessage(message)
  // What a batch judged goes out in one message once the batch is read, not one per exchange.
  let told: ToldEvent[] = []
  const print = (text: string) => void told.push({ type: 'alert', text })
  for (const [value, variable] of setup.secrets ?? []) rememberSecret(value, variable)
  const contract = loadContract(setup.contractPath)
  const judging = createJudging(contract, new URL(setup.upstream), print)
  const recorder =
    setup.record && createRecorder({ ...setup.record, contract, upstream: setup.upstream })
  let recountedAt = Date.now()
  const tellJudged = (recounted: boolean) => {
    if (recounted) recountedAt = Date.now()
    told.push(...judging.told(recounted))
    if (told.length === 0) return
    post({ told })
    told = []
  }
  const traffic = readTraffic(
    {
      exchange: (exchange) => {
        judging.judge(exchange)
        try {
          recorder?.record(exchange)
        } catch (error) {
          // A recording that cannot be written is the run's trouble, not the traffic's.
          print(`proxy: could not record ${exchange.method} ${exchange.url}: ${String(error)}`)
        }
      },
      act: (connection, action) => post({ act: [connection, action] }),
      unreadable: (reason) => print(`proxy: ${reason}; forwarded, not checked`),
      framing: judging.framing,
    },
    (connection, question, state) => post({ answer: [connection, question, state] }),
  )
  let unreported = 0
  port.on('message', (message: Batch | 'finish') => {
    if (message === 'finish') {
      tellJudged(true)
      const recording = recorder?.close()
      post({ judged: { ...judging.judged(), ...(recording ? { recording } : {}) } })
      return
    }
    const { records, reasons } = message
    const data = Buffer.from(message.data.buffer, message.data.byteOffset, message.data.length)
    let at = 0
    for (let index = 0; index < records.length; index += 4) {
      const kind = records[index]
      const connection = records[index + 1] as number
      const a = records[index + 2] as number
      const b = records[index + 3] as number
      if (kind === BYTES) {
        traffic.bytes(connection, DIRECTIONS[a] as Direction, data.subarray(at, at + b))
        at += b
      } else if (kind === GONE)
        traffic.upstreamGone(connection, HOWS[a] as GoneHow, reasons[b] as string)
      else if (kind === ASK) traffic.ask(connection, a)
      else traffic.closed(connection)
    }
    tellJudged(Date.now() - recountedAt >= RECOUNT_MS)
    unreported += data.length
    if (unreported >= READ_REPORT_BYTES) {
      post({ done: unreported })
      unreported = 0
    }
  })
}

if (!isMainThread && parentPort && (workerData as { judgingThread?: boolean })?.judgingThread)
  runJudgingThread(parentPort, workerData as Setup)
