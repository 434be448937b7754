import { USER_ACCOUNT } from '@devenv/openapi/dev-protocol'
import { jsonClient } from '../stub-http'
import { type Memory, memoryOf, startSoakServer, stopServer } from './soak'

/**
 * One account's refresh loop (security review 3, item 2): a session refreshes as fast as it can,
 * each time with the token the refresh before it answered, for a bounded count and time, while
 * another visitor checks `/health` every few milliseconds. The figures of the loop's first and last
 * tenth (refresh and health latency, the stub's memory after a full garbage collection) show
 * whether the stub's state or its work per refresh grows with the loop.
 */

export type RefreshFloodOptions = {
  /** Refreshes sent at most. */
  refreshes: number
  /** Seconds at most. */
  seconds: number
  /** The stub's RATE_LIMITS: `off` lets every refresh rotate (the worst case for what it keeps). */
  rateLimits: 'on' | 'off'
  onProgress?: (line: string) => void
}

export type RefreshFloodPhase = {
  refreshP50Ms: number
  refreshP99Ms: number
  healthP99Ms: number
  memory: Memory
}

export type RefreshFloodReport = {
  sent: number
  seconds: number
  /** Refresh answers by status, e.g. { '200': 9000, '429': 1000 }. */
  answers: Record<string, number>
  /** Anything but 200 and the window's 429 (network errors included). */
  errors: Record<string, number>
  /** The other visitor's `/health` answers by status. */
  health: Record<string, number>
  /** The first tenth of the loop (memory at its end), and the last tenth (memory after the loop). */
  first: RefreshFloodPhase
  last: RefreshFloodPhase
}

const HEALTH_EVERY_MS = 20

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0)
}
const round = (ms: number) => Math.round(ms * 10) / 10

export async function runRefreshFlood(options: RefreshFloodOptions): Promise<RefreshFloodReport> {
  const server = await startSoakServer(options.rateLimits)
  try {
    const call = jsonClient(server.origin)
    const signedIn = await call('POST', '/api/auth/auth', USER_ACCOUNT)
    if (signedIn.status !== 200) throw new Error(`sign-in answered ${signedIn.status}`)
    let token = String(signedIn.body.refresh_token)

    const answers: Record<string, number> = {}
    const errors: Record<string, number> = {}
    const refreshes: Array<{ at: number; ms: number }> = []
    const health: Array<{ at: number; ms: number }> = []
    const healthAnswers: Record<string, number> = {}
    let probing = true
    const prober = (async () => {
      while (probing) {
        const started = performance.now()
        const { status } = await call('GET', '/api/health')
        health.push({ at: started, ms: performance.now() - started })
        healthAnswers[status] = (healthAnswers[status] ?? 0) + 1
        await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS))
      }
    })()

    const tenth = Math.max(1, Math.floor(options.refreshes / 10))
    const deadline = Date.now() + options.seconds * 1000
    let firstMemory: Memory | undefined
    let firstEnds = 0
    const started = Date.now()
    let lastReport = started
    while (refreshes.length < options.refreshes && Date.now() < deadline) {
      const at = performance.now()
      let status: string
      try {
        const answer = await call('POST', '/api/auth/token/refresh', { refreshToken: token })
        status = String(answer.status)
        // A refused refresh (the window's 429) leaves the token as it was: the loop presents it again.
        if (answer.status === 200) token = String(answer.body.refresh_token)
      } catch (error) {
        status = String((error as Error).cause ?? (error as Error).message)
      }
      refreshes.push({ at, ms: performance.now() - at })
      answers[status] = (answers[status] ?? 0) + 1
      if (status !== '200' && status !== '429') errors[status] = (errors[status] ?? 0) + 1
      if (refreshes.length === tenth) {
        firstEnds = performance.now()
        firstMemory = await memoryOf(server)
      }
      if (Date.now() - lastReport >= 10_000) {
        lastReport = Date.now()
        options.onProgress?.(
          `  ${Math.round((lastReport - started) / 1000)} s: ${refreshes.length} refreshes`,
        )
      }
    }
    const seconds = (Date.now() - started) / 1000
    probing = false
    await prober
    const lastMemory = await memoryOf(server)

    const sent = refreshes.length
    const lastBegins = refreshes[Math.max(0, sent - tenth)]?.at ?? 0
    const phase = (from: number, to: number, memory: Memory): RefreshFloodPhase => {
      const inPhase = (each: { at: number }) => each.at >= from && each.at < to
      const times = refreshes.filter(inPhase).map((each) => each.ms)
      return {
        refreshP50Ms: round(percentile(times, 0.5)),
        refreshP99Ms: round(percentile(times, 0.99)),
        healthP99Ms: round(
          percentile(
            health.filter(inPhase).map((each) => each.ms),
            0.99,
          ),
        ),
        memory,
      }
    }
    return {
      sent,
      seconds,
      answers,
      errors,
      health: healthAnswers,
      first: phase(0, firstEnds || Number.POSITIVE_INFINITY, firstMemory ?? lastMemory),
      last: phase(lastBegins, Number.POSITIVE_INFINITY, lastMemory),
    }
  } finally {
    await stopServer(server)
  }
}
