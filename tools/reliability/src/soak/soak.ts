import { type ChildProcess, fork } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { createDevClient, type DevClient } from '@devenv/openapi/dev-protocol'
import { seededRandom } from '../crash/crash'
import {
  type JsonAnswer as Answer,
  exampleBody,
  type JsonCall,
  jsonClient,
  jsonClientFrom,
} from '../stub-http'
import { assertStubBuilt } from '../stub-process'

/**
 * The soak run: many signed-in visitors at once over a realistic mix for a bounded time, against
 * the built stub in its own process on loopback. Afterwards: errors other than the intended 429s,
 * writes acknowledged but lost, and the heap after the run beside the heap before it.
 */

export type SoakOptions = {
  seconds: number
  /** Concurrent visitors, each with its own keep-alive connection. */
  connections: number
  /** Accounts the visitors share (registered and activated before the run). */
  accounts?: number
  seed?: number
  /** Seconds of the same mix before the heap is first measured (JIT, caches, pools settle). */
  warmUpSeconds?: number
  /**
   * Answers each phase needs at least, however long that takes: the warm-up and the measured run
   * go on past their seconds until they have them, so a slow machine still makes a load.
   */
  minWarmUpAnswers?: number
  minAnswers?: number
  onProgress?: (line: string) => void
}

export type Memory = { heapUsed: number; rss: number }

export type SoakReport = {
  seconds: number
  connections: number
  requests: number
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  /** p50 and p99 per operation, in ms. */
  latencyByOperation: Record<string, { p50Ms: number; p99Ms: number }>
  /** Answers by operation and status, e.g. { 'getProfile 200': 1234 }. */
  answers: Record<string, number>
  /** Anything but a documented success or an intended 429 (network errors included). */
  errors: Record<string, number>
  rateLimited: number
  acknowledged: { contacts: number; environments: number }
  lost: string[]
  memoryBefore: Memory
  memoryAfter: Memory
  /** heapUsed after / before, both after a full garbage collection. */
  heapRatio: number
}

export type StubServer = { child: ChildProcess; origin: string }

const SERVE = fileURLToPath(new URL('./serve.mjs', import.meta.url))
const PASSWORD = 'Soak-Run-Pass-1'

/**
 * The soak's stub, forked: it ends with the harness (its IPC channel), even after kill -9.
 * `rateLimits` is its RATE_LIMITS (the environment's, else `relaxed`).
 */
export async function startSoakServer(rateLimits?: 'on' | 'relaxed' | 'off'): Promise<StubServer> {
  assertStubBuilt()
  const env = rateLimits ? { ...process.env, RATE_LIMITS: rateLimits } : process.env
  const child = fork(SERVE, [], { execArgv: ['--expose-gc'], stdio: 'inherit', env })
  const [message] = (await once(child, 'message')) as [{ address: string }]
  if (!message.address.startsWith('http://127.0.0.1:')) throw new Error('not on loopback')
  return { child, origin: message.address }
}

export async function memoryOf(server: StubServer): Promise<Memory> {
  server.child.send('memory')
  const [message] = (await once(server.child, 'message')) as [{ memory: NodeJS.MemoryUsage }]
  return { heapUsed: message.memory.heapUsed, rss: message.memory.rss }
}

export async function stopServer(server: StubServer): Promise<void> {
  if (server.child.exitCode !== null) return
  server.child.kill('SIGTERM')
  await once(server.child, 'exit')
}

/** Registers and activates the accounts through the API and the development mailbox. */
async function createAccounts(call: JsonCall, dev: DevClient, count: number, runId: string) {
  const emails: string[] = []
  for (let index = 0; index < count; index++) {
    const email = `soak-${runId}-${index}@devenv.example`
    const registered = await call('POST', '/api/auth/registration', {
      username: email,
      password: PASSWORD,
      userType: 'PERSONAL',
    })
    if (registered.status !== 201) throw new Error(`registration answered ${registered.status}`)
    const link = await dev.mailedLink(email, 'activation')
    const activated = await call('POST', '/api/auth/activate', { token: link?.activate })
    if (activated.status !== 200) throw new Error(`activation answered ${activated.status}`)
    emails.push(email)
  }
  return emails
}

const percentile = (sorted: number[], share: number) =>
  sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0)

export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const random = seededRandom(options.seed ?? 1)
  const server = await startSoakServer()
  try {
    const call = jsonClient(server.origin)
    const checker = jsonClientFrom(server.origin, '127.0.0.2')
    const runId = String(Date.now())
    const accounts = await createAccounts(
      call,
      createDevClient({ origin: server.origin }),
      options.accounts ?? 20,
      runId,
    )
    const contact = exampleBody('submitContact')
    const environment = exampleBody('createEnvironment')
    const chat = exampleBody('chatCompletion')

    let memoryBefore: Memory = { heapUsed: 0, rss: 0 }
    const answers: Record<string, number> = {}
    const errors: Record<string, number> = {}
    const latencies: number[] = []
    const byOperation = new Map<string, number[]>()
    let rateLimited = 0
    const contactIds: string[] = []
    const environmentIds = new Map<string, string[]>()
    const environmentsAsked = new Map<string, number>()

    // Answers of the warm-up count towards the checks (errors, lost writes), not the figures.
    let measuring = false
    let phaseAnswers = 0
    const timed = async (operation: string, run: () => Promise<Answer>, ok: number[]) => {
      const started = performance.now()
      let answer: Answer
      try {
        answer = await run()
      } catch (error) {
        const key = `${operation} ${(error as Error).cause ?? (error as Error).message}`
        errors[key] = (errors[key] ?? 0) + 1
        return null
      }
      phaseAnswers++
      if (measuring) {
        const took = performance.now() - started
        latencies.push(took)
        byOperation.set(operation, [...(byOperation.get(operation) ?? []), took])
      }
      const key = `${operation} ${answer.status}`
      answers[key] = (answers[key] ?? 0) + 1
      if (answer.status === 429) rateLimited++
      else if (!ok.includes(answer.status)) errors[key] = (errors[key] ?? 0) + 1
      return answer
    }

    let deadline = 0
    let minPhaseAnswers = 0
    const phaseGoesOn = () => Date.now() < deadline || phaseAnswers < minPhaseAnswers
    // Each visitor keeps its session from the warm-up into the measured run.
    const sessions: Array<{ access: string; refresh: string } | null> = []
    const visitor = async (index: number) => {
      const email = accounts[index % accounts.length] ?? ''
      while (phaseGoesOn()) {
        const tokens = sessions[index]
        if (!tokens) {
          const signedIn = await timed(
            'signIn',
            () => call('POST', '/api/auth/auth', { email, password: PASSWORD }),
            [200],
          )
          if (signedIn?.status !== 200) continue
          sessions[index] = {
            access: String(signedIn.body.access_token),
            refresh: String(signedIn.body.refresh_token),
          }
          continue
        }
        const { access, refresh } = tokens
        const pick = random()
        if (pick < 0.3) {
          await timed(
            'getProfile',
            () => call('GET', '/api/user/profile', undefined, access),
            [200],
          )
        } else if (pick < 0.55) {
          await timed(
            'listEnvironments',
            () => call('GET', '/api/environments', undefined, access),
            [200],
          )
        } else if (pick < 0.7) {
          const answer = await timed(
            'submitContact',
            () => call('POST', '/api/contact', { ...contact, email }),
            [201],
          )
          if (answer?.status === 201) contactIds.push(String(answer.body.id))
        } else if (pick < 0.75 && (environmentsAsked.get(email) ?? 0) < 5) {
          // Within the quota of 5: every create is meant to succeed.
          environmentsAsked.set(email, (environmentsAsked.get(email) ?? 0) + 1)
          const answer = await timed(
            'createEnvironment',
            () =>
              call(
                'POST',
                '/api/environments',
                { ...environment, name: `soak-${index}-${environmentsAsked.get(email)}` },
                access,
              ),
            [201],
          )
          if (answer?.status === 201) {
            environmentIds.set(email, [
              ...(environmentIds.get(email) ?? []),
              String(answer.body.id),
            ])
          }
        } else if (pick < 0.85) {
          await timed('listModels', () => call('GET', '/api/ai/models', undefined, access), [200])
        } else if (pick < 0.9) {
          await timed('chatCompletion', () => call('POST', '/api/ai/chat', chat, access), [200])
        } else if (pick < 0.96) {
          await timed('getHealth', () => call('GET', '/api/health'), [200])
        } else if (pick < 0.97) {
          // Signing out (then in again on the next turn): the refresh token is revoked.
          await timed(
            'signOut',
            () => call('POST', '/api/auth/logout', { refreshToken: refresh }),
            [204],
          )
          sessions[index] = null
        } else {
          // Rotation: the old refresh token is spent, the new pair replaces it.
          const answer = await timed(
            'refreshToken',
            () => call('POST', '/api/auth/token/refresh', { refreshToken: refresh }),
            [200],
          )
          sessions[index] =
            answer?.status === 200
              ? {
                  access: String(answer.body.access_token),
                  refresh: String(answer.body.refresh_token),
                }
              : null
        }
      }
    }

    const runVisitors = (seconds: number, minAnswers: number) => {
      deadline = Date.now() + seconds * 1000
      phaseAnswers = 0
      minPhaseAnswers = minAnswers
      return Promise.all(Array.from({ length: options.connections }, (_, index) => visitor(index)))
    }
    await runVisitors(options.warmUpSeconds ?? 5, options.minWarmUpAnswers ?? 0)
    memoryBefore = await memoryOf(server)
    measuring = true
    const started = Date.now()
    const progress = setInterval(() => {
      options.onProgress?.(
        `  ${Math.round((Date.now() - started) / 1000)} s: ${latencies.length} answers`,
      )
    }, 10_000)
    await runVisitors(options.seconds, options.minAnswers ?? 0)
    clearInterval(progress)
    const elapsed = (Date.now() - started) / 1000

    // Lost writes: every acknowledged contact and environment must be listed.
    const lost: string[] = []
    const listed = await call('GET', '/__dev/contacts')
    const contactsListed = new Set(
      (listed.body.items as Array<{ id: string }>).map((item) => item.id),
    )
    for (const id of contactIds) if (!contactsListed.has(id)) lost.push(`contact ${id}`)
    for (const [email, ids] of environmentIds) {
      // Signed in from another loopback address: to the stub another client. The load spends
      // its own client's sign-in and refresh windows (x-rate-limits) by design, and on a slow
      // machine every session a visitor held could be signed out or rotated away by the end.
      const signedIn = await checker('POST', '/api/auth/auth', { email, password: PASSWORD })
      if (signedIn.status !== 200)
        throw new Error(
          `signing in as ${email} to check its environments answered ${signedIn.status}`,
        )
      const list = await checker(
        'GET',
        '/api/environments',
        undefined,
        String(signedIn.body.access_token),
      )
      if (list.status !== 200) {
        throw new Error(`listing ${email}'s environments answered ${list.status}`)
      }
      const present = new Set((list.body.items as Array<{ id: string }>).map((item) => item.id))
      for (const id of ids) if (!present.has(id)) lost.push(`environment ${id}`)
    }

    const memoryAfter = await memoryOf(server)
    const sorted = latencies.sort((a, b) => a - b)
    const round = (ms: number) => Math.round(ms * 10) / 10
    const latencyByOperation = Object.fromEntries(
      [...byOperation].map(([operation, values]) => {
        const ordered = values.sort((a, b) => a - b)
        return [
          operation,
          { p50Ms: round(percentile(ordered, 0.5)), p99Ms: round(percentile(ordered, 0.99)) },
        ]
      }),
    )
    return {
      seconds: elapsed,
      connections: options.connections,
      requests: latencies.length,
      requestsPerSecond: Math.round(latencies.length / elapsed),
      p50Ms: round(percentile(sorted, 0.5)),
      p99Ms: round(percentile(sorted, 0.99)),
      latencyByOperation,
      answers,
      errors,
      rateLimited,
      acknowledged: {
        contacts: contactIds.length,
        environments: [...environmentIds.values()].reduce((sum, ids) => sum + ids.length, 0),
      },
      lost,
      memoryBefore,
      memoryAfter,
      heapRatio: memoryAfter.heapUsed / memoryBefore.heapUsed,
    }
  } finally {
    await stopServer(server)
  }
}
