import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { USER_ACCOUNT } from '@devenv/openapi/dev-protocol'
import { exampleBody, type JsonCall, jsonClient } from '../stub-http'
import { killStub, type StubProcess, startStubProcess } from '../stub-process'

/**
 * Crash safety of the stub's persistence (DATA_FILE): under write load the stub is killed with
 * SIGKILL at a random moment and restarted on the same file. Every write it acknowledged before
 * the kill (a 2xx that reached the client) must be there after the restart, and the file must
 * load as it is (not be moved aside as unreadable).
 */

export type CrashOptions = {
  trials: number
  /** Seed of the kill moments, printed so that a failing run can be replayed. */
  seed: number
  /** Concurrent writers during each trial. */
  writers?: number
  /**
   * The kills fall within this window of acknowledged writes, one per slice of it: counted in
   * writes rather than ms, each kill lands under load however fast the machine answers.
   */
  killAfterWrites?: [number, number]
  onTrial?: (trial: TrialResult) => void
}

export type TrialResult = {
  trial: number
  /** The acknowledged write after which the kill was sent. */
  killedAfterWrites: number
  killedAfterMs: number
  acknowledged: number
  /** Requests cut off by the kill: their outcome is unknown, and either is acceptable. */
  inFlight: number
  missing: string[]
  fileProblem: string | null
  restartMs: number
}

export type CrashReport = {
  seed: number
  trials: TrialResult[]
  survived: number
  acknowledgedWrites: number
  durationMs: number
}

type Write = { kind: 'contact' | 'demo' | 'environment'; id: string }

const ACCOUNT = USER_ACCOUNT

/** A small, seedable generator (mulberry32): the same seed gives the same kill moments. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

const call = (stub: StubProcess, ...args: Parameters<JsonCall>) => jsonClient(stub.origin)(...args)

async function signIn(stub: StubProcess): Promise<string> {
  const answer = await call(stub, 'POST', '/api/auth/auth', ACCOUNT)
  if (answer.status !== 200) throw new Error(`sign-in answered ${answer.status}`)
  return String(answer.body.access_token)
}

const STUB_ENV = (dataFile: string) => ({
  DATA_FILE: dataFile,
  STUB_MODE: 'development',
  RATE_LIMITS: 'off',
  JWT_SECRET: 'crash-test-secret-of-at-least-32-characters',
  // Environments stay `provisioning` for the whole run, so none changes under the check.
  PROVISION_SECONDS: '3600',
})

async function idsOf(stub: StubProcess, path: string, token?: string): Promise<Set<string>> {
  const answer = await call(stub, 'GET', path, undefined, token)
  const items = (answer.body.items ?? []) as Array<{ id: string }>
  return new Set(items.map((item) => item.id))
}

/** What a restart must show: the file loaded as is, no leftovers, every acknowledged write. */
async function verify(
  stub: StubProcess,
  dataDir: string,
  acknowledged: Write[],
): Promise<{ missing: string[]; fileProblem: string | null; token: string }> {
  const unreadable = stub.logs.find((line) => line.level >= 50)
  const aside = (await readdir(dataDir)).filter((name) => name.includes('.corrupt-'))
  const fileProblem = unreadable
    ? `error at start-up: ${unreadable.msg}`
    : aside.length > 0
      ? `moved aside: ${aside.join(', ')}`
      : null
  const token = await signIn(stub)
  const present = {
    contact: await idsOf(stub, '/__dev/contacts'),
    demo: await idsOf(stub, '/__dev/demo-requests'),
    environment: await idsOf(stub, '/api/environments', token),
  }
  const missing = acknowledged
    .filter((write) => !present[write.kind].has(write.id))
    .map((write) => `${write.kind} ${write.id}`)
  return { missing, fileProblem, token }
}

/** Frees the account's environment quota (5) for the next trial: deleting ones do not count. */
async function deleteEnvironments(stub: StubProcess, token: string): Promise<void> {
  for (const id of await idsOf(stub, '/api/environments', token)) {
    await call(stub, 'DELETE', `/api/environments/${id}`, undefined, token)
  }
}

export async function runCrashTrials(options: CrashOptions): Promise<CrashReport> {
  const started = Date.now()
  const random = seededRandom(options.seed)
  const writers = options.writers ?? 6
  const [earliest, latest] = options.killAfterWrites ?? [10, 140]
  const contact = exampleBody('submitContact')
  const { preferredDate: _past, ...demo } = exampleBody('requestDemo')
  const environment = exampleBody('createEnvironment')

  const dataDir = await mkdtemp(join(tmpdir(), 'devenv-crash-'))
  const dataFile = join(dataDir, 'state.json')
  const trials: TrialResult[] = []
  let stub = await startStubProcess(STUB_ENV(dataFile))
  try {
    let token = await signIn(stub)
    for (let trial = 1; trial <= options.trials; trial++) {
      await deleteEnvironments(stub, token)
      // Stratified: each trial kills after a random count of its own slice of the window, so that
      // a few trials cover the early, the middle and the late moments as evenly as many would.
      const slice = (trial - 1 + random()) / options.trials
      const killedAfterWrites = Math.max(1, Math.round(earliest + slice * (latest - earliest)))
      const acknowledged: Write[] = []
      let inFlight = 0
      let stopped = false
      const target = stub
      let killMoment = () => {}
      const reached = new Promise<void>((resolve, reject) => {
        killMoment = resolve
        void target.exited.then(({ code, signal }) =>
          reject(
            new Error(`the stub exited (${code ?? signal}) before the kill of trial ${trial}`),
          ),
        )
      })
      const write = async (kind: Write['kind'], path: string, body: unknown, auth?: string) => {
        inFlight++
        try {
          const answer = await call(target, 'POST', path, body, auth)
          if (answer.status >= 200 && answer.status < 300 && typeof answer.body.id === 'string') {
            acknowledged.push({ kind, id: answer.body.id })
            if (acknowledged.length >= killedAfterWrites) killMoment()
          }
        } catch {
          // Cut off by the kill: not acknowledged, so it may or may not have been kept.
        } finally {
          inFlight--
        }
      }
      let environments = 0
      const writer = async (index: number) => {
        for (let round = 0; !stopped; round++) {
          const pick = (index + round) % 3
          if (pick === 2 && environments < 5) {
            environments++
            await write(
              'environment',
              '/api/environments',
              { ...environment, name: `crash-${trial}-${round}-${index}` },
              token,
            )
          } else if (pick === 1) await write('demo', '/api/demo/request', demo)
          else await write('contact', '/api/contact', { ...contact, message: `trial ${trial}` })
        }
      }
      const loadStarted = Date.now()
      const load = Promise.all(Array.from({ length: writers }, (_, index) => writer(index)))
      try {
        await reached
      } finally {
        stopped = true
      }
      const killedAfterMs = Date.now() - loadStarted
      const cutOff = inFlight
      await killStub(stub, 'SIGKILL')
      await load

      const restartStarted = Date.now()
      stub = await startStubProcess(STUB_ENV(dataFile))
      const restartMs = Date.now() - restartStarted
      const checked = await verify(stub, dataDir, acknowledged)
      token = checked.token
      const result: TrialResult = {
        trial,
        killedAfterWrites,
        killedAfterMs,
        acknowledged: acknowledged.length,
        inFlight: cutOff,
        missing: checked.missing,
        fileProblem: checked.fileProblem,
        restartMs,
      }
      trials.push(result)
      options.onTrial?.(result)
    }
  } finally {
    await killStub(stub, 'SIGTERM')
    await rm(dataDir, { recursive: true, force: true })
  }
  return {
    seed: options.seed,
    trials,
    survived: trials.filter((each) => each.missing.length === 0 && !each.fileProblem).length,
    acknowledgedWrites: trials.reduce((sum, each) => sum + each.acknowledged, 0),
    durationMs: Date.now() - started,
  }
}
