import type { Contract } from '@devenv/openapi'
import type { Credentials } from '@devenv/openapi/dev-protocol'
import { callOver } from '../accounts'
import { devClientOf, type Transport } from '../http'
import type { Mailbox } from '../mailbox'
import { checkEvent, type ToldEvent } from '../report'
import { firstLineOf } from '../report/printable'
import { type ShardPosition, shardOfRun } from '../report/shard'
import { accountsSignIn, devMailboxOf, registerAccounts } from './accounts'
import type { RunBound } from './bound'
import { CHECKS, type CheckName } from './checks'
import { fullWindowParts } from './full-windows'
import { type FuzzResult, runFuzz } from './property-run'
import { coverageEvent, statefulEvent, verdictEvents } from './report'
import { runStateful, type StatefulResult } from './stateful/run'
import { passwordsRefused } from './stateful/sequence'
import { stepsLeftOutThroughTheApi } from './stateful/steps'
import type { Tally } from './tally'
import { GivenAccountRefused, WorldSetupError } from './world'

/** The parts of a fuzz run, as `--allow-skip` names them. */
export const FUZZ_PARTS = ['fuzz.properties', 'fuzz.stateful'] as const
export type FuzzPart = (typeof FUZZ_PARTS)[number]

/**
 * Every part `--allow-skip` may name: the two parts, and each operation of the run's contract
 * under the property-based one (`fuzz.properties.requestDemo`), skipped when every request to
 * it met a full rate-limit window.
 */
export function fuzzPartsOf(contract: Contract): string[] {
  return [
    ...FUZZ_PARTS,
    ...contract.operations.map((operation) => `fuzz.properties.${operation.operationId}`),
  ]
}

/** How long the fuzzer watches the target's clock to tell whether it runs on its own. */
const CLOCK_WATCH_MS = 30

/**
 * The target's clock (a fresh session's, ms) when it has the development controls the fuzzer
 * builds its state with, or why it cannot; and whether that clock runs on its own. The
 * stateful model moves time only by its own jumps (provisioning takes 3 s of the target's clock,
 * a token 15 min): it holds a target whose clock stands still between them (the stub in test
 * mode) and no other, so a running clock is told, and the model skipped with that reason.
 */
export async function devControls(
  transport: Transport,
  seed: number,
): Promise<{ clockStart: number; clockRuns: boolean } | { missing: string }> {
  const dev = devClientOf(transport, `fuzz-${seed}-probe`)
  let clockStart: number
  let clockLater: number
  try {
    clockStart = Date.parse((await dev.clock()).now)
    await new Promise((resolve) => setTimeout(resolve, CLOCK_WATCH_MS))
    clockLater = Date.parse((await dev.clock()).now)
  } catch {
    return { missing: 'the target has no development clock (POST /__dev/clock)' }
  }
  if (!(await dev.hasMailbox()))
    return { missing: 'the target has no development mailbox (GET /__dev/mailbox)' }
  return { clockStart, clockRuns: clockLater !== clockStart }
}

export type FuzzTargetOptions = {
  transport: Transport
  /** Where the stateful model runs; `transport` by default (the stub in process: one with rate limits off). */
  statefulTransport?: Transport
  contract: Contract
  requests: number
  sequences: number
  seed: number
  shrink?: number
  /** The checks to judge by (`--checks`, `--exclude-checks`); every one by default. */
  checks?: ReadonlySet<CheckName>
  /** Runs only this shard's share of the batches and sequences the seed draws (`--shard i/n`). */
  shard?: ShardPosition
  /** The run's time bound (`--max-time`) and its progress figures; none by default. */
  bound?: RunBound
  log?: (line: string) => void
  /**
   * The run's events as it goes: its start, its notes and parts skipped, each fuzz property's
   * verdict on each operation as its batches are judged (told again as it changes), the stateful
   * model's once it ran, the coverage as it grows.
   */
  tell?: (event: ToldEvent) => void
  /**
   * Accounts the target already has (activated), for a target without the stub's development
   * controls: `user` is the one under test, `second` another one (the property-based part
   * needs both: another account's environments and tokens). They end the run as they began.
   */
  accounts?: { user: Credentials; second?: Credentials }
  /** Through the API: how long a deletion may take to be seen finished (ms). */
  waitMs?: number
  /**
   * Where the target's mails can be read, to register and activate accounts of the run's own
   * when none were given: a mail catcher, `off`, or `auto` (the default: the stub's development
   * mailbox, when the target has one).
   */
  mailbox?: Mailbox | 'auto' | 'off'
}

/** A server's answer quoted in a skipped part's one line: its start is enough to say why. */
const REASON_CHARACTERS = 300
const shortReason = (text: string) => {
  const line = firstLineOf(text)
  return line.length > REASON_CHARACTERS ? `${line.slice(0, REASON_CHARACTERS)}…` : line
}

/** How a part builds its state, in words for the notes. */
const THROUGH_THE_API =
  'through the API with the given accounts (no stub sessions: environment names of the run, accounts left as they were)'

/**
 * The whole fuzz run against one transport (HTTP or in process): the property-based requests,
 * then the stateful model, each skipped with its reason when the target lacks dev controls. Told
 * as it goes (`tell`), so that a run stopped part-way still reports what it judged.
 */
export async function fuzzTarget(options: FuzzTargetOptions) {
  const started = performance.now()
  const startedAt = new Date().toISOString()
  const log = options.log ?? (() => undefined)
  const tell = options.tell ?? (() => undefined)
  const { shard, contract } = options
  const origin = options.transport.origin
  // Which shard of the run this is, as its report says for merge.
  const ofRun = shard
    ? shardOfRun(shard, {
        mode: 'fuzz',
        contract,
        settings: { requests: options.requests, sequences: options.sequences, seed: options.seed },
      })
    : undefined
  tell({
    type: 'started',
    mode: 'fuzz',
    target: origin,
    startedAt,
    seed: String(options.seed),
    ...(ofRun ? { shard: ofRun } : {}),
  })
  const tallies = new Set<Tally>()
  let exercised = -1
  // Told when it grows, which after the first batches is seldom; nothing exercised at first.
  const tellCoverage = () => {
    const size = [...tallies].reduce((sum, tally) => sum + tally.exercised.size, 0)
    if (size === exercised) return
    exercised = size
    tell(coverageEvent(contract, tallies))
  }
  tellCoverage()
  const notes: string[] = []
  const note = (text: string) => {
    notes.push(text)
    tell({ type: 'note', text })
  }
  note(
    `seed ${options.seed} (replay with --seed ${options.seed}${shard ? ` --shard ${shard.index}/${shard.total}` : ''})`,
  )
  if (shard)
    note(
      `shard ${shard.index}/${shard.total}: of the batches and sequences the seed draws, those numbered ${shard.index}, ${shard.index + shard.total}, ${shard.index + 2 * shard.total} ... (merge the shards' reports with devenv-contract merge)`,
    )
  const left = options.checks ? CHECKS.filter((check) => !options.checks?.has(check)) : []
  if (left.length > 0) note(`checks not judged (--checks, --exclude-checks): ${left.join(', ')}`)
  let fuzz: FuzzResult | undefined
  let stateful: StatefulResult | undefined
  const skippedParts: Array<{ part: string; reason: string; accepted?: boolean }> = []
  const skipPart = (part: { part: string; reason: string; accepted?: boolean }) => {
    skippedParts.push(part)
    tell({ type: 'part skipped', ...part })
  }
  const controls = await devControls(options.transport, options.seed)
  const missing = 'missing' in controls ? controls.missing : undefined
  let { accounts } = options
  let own = false
  const skip = (part: FuzzPart, reason: string) => {
    note(
      `${part === 'fuzz.properties' ? 'property-based requests' : 'stateful model'} skipped: ${reason}`,
    )
    log(`${part} skipped: ${reason}`)
    skipPart({ part, reason })
  }
  // The server would not give a part the state it needs (a 429 of a sign-in, a full quota):
  // each part not run yet is skipped with that answer, the report written, and the run fails.
  let setupRefused = false
  const refusedPartsLeft = (error: unknown) => {
    if (!(error instanceof WorldSetupError) || error instanceof GivenAccountRefused) throw error
    setupRefused = true
    const reason = shortReason(error.message)
    const skippedAlready = (part: FuzzPart) => skippedParts.some((each) => each.part === part)
    if (!fuzz && !skippedAlready('fuzz.properties')) skip('fuzz.properties', reason)
    if (!stateful && options.sequences > 0 && !skippedAlready('fuzz.stateful'))
      skip('fuzz.stateful', reason)
  }
  try {
    if (missing !== undefined && !accounts) {
      const mailbox =
        options.mailbox === 'off'
          ? undefined
          : options.mailbox === undefined || options.mailbox === 'auto'
            ? await devMailboxOf(options.transport)
            : options.mailbox
      if (mailbox) {
        accounts = await registerAccounts(
          callOver(options.contract, { transport: options.transport }),
          mailbox,
        )
        own = true
        note(
          `no accounts were given: ${accounts.user.email} and ${accounts.second?.email} registered and activated through ${mailbox.name} (they stay on the server); as the run's own, their passwords are changed too, and put back`,
        )
        log(`accounts registered: ${accounts.user.email}, ${accounts.second?.email}`)
      }
    }
  } catch (error) {
    refusedPartsLeft(error)
  }
  // What each part's run takes, whichever way it builds its state.
  const ownShard = options.shard ? { shard: options.shard } : {}
  const propertyRun = {
    transport: options.transport,
    contract: options.contract,
    requests: options.requests,
    seed: options.seed,
    shrinkLimit: options.shrink ?? 10,
    ...ownShard,
    ...(options.checks ? { checks: options.checks } : {}),
    ...(options.bound ? { bound: options.bound } : {}),
    log,
    onBatch: (tally: Tally) => {
      tallies.add(tally)
      for (const event of verdictEvents(tally, origin, tally.changedVerdicts())) tell(event)
      tellCoverage()
    },
  }
  // Once a part has run: its last verdicts (the failures' counts, shrunk) and its answers.
  const propertiesRan = (result: FuzzResult) => {
    fuzz = result
    tallies.add(result.tally)
    for (const event of verdictEvents(result.tally, origin, result.tally.failures.values()))
      tell(event)
    tellCoverage()
    if (result.stoppedBy !== undefined) skip('fuzz.properties', shortReason(result.stoppedBy))
    for (const { operationId, reason } of fullWindowParts(contract, result.tally)) {
      log(`fuzz.properties.${operationId} skipped: ${reason}`)
      skipPart({ part: `fuzz.properties.${operationId}`, reason })
    }
  }
  const statefulRan = (result: StatefulResult) => {
    stateful = result
    tallies.add(result.tally)
    tell(statefulEvent(result))
    tellCoverage()
  }
  const modelRun = {
    contract: options.contract,
    runs: options.sequences,
    seed: options.seed,
    maxCommands: 60,
    ...ownShard,
    ...(options.checks ? { checks: options.checks } : {}),
    ...(options.bound ? { bound: options.bound } : {}),
  }
  const refused = passwordsRefused(options.contract)
  const statefulThroughTheApi = async (why: string) => {
    if (!accounts) return
    if (refused) return skip('fuzz.stateful', refused)
    note(
      `stateful model ${THROUGH_THE_API}, on the target's own clock (${why}); left out: ${stepsLeftOutThroughTheApi(own)}`,
    )
    log(`stateful sequences through the API: ${options.sequences}`)
    statefulRan(
      await runStateful({
        ...modelRun,
        transport: options.transport,
        accounts: [accounts.user, ...(accounts.second ? [accounts.second] : [])],
        ownAccounts: own,
      }),
    )
  }
  try {
    if (setupRefused) {
      // Both parts are skipped already, with the answer that refused the accounts.
    } else if (missing !== undefined && !accounts) {
      const reason = `${missing}, and no accounts were given (--email and --password, --second-email and --second-password)`
      skip('fuzz.properties', reason)
      if (options.sequences > 0) skip('fuzz.stateful', reason)
    } else if (missing !== undefined && accounts) {
      await accountsSignIn(callOver(options.contract, { transport: options.transport }), accounts)
      if (accounts.second) {
        note(`property-based requests ${THROUGH_THE_API}: ${missing}`)
        log(`property-based requests through the API: ${options.requests.toLocaleString('en-US')}`)
        const result = await runFuzz({
          ...propertyRun,
          api: {
            accounts: { user: accounts.user, demo: accounts.second },
            waitMs: options.waitMs ?? 60_000,
            own,
          },
        })
        propertiesRan(result)
        for (const text of result.notes) note(text)
        if (result.withheld > 0)
          note(
            `${result.withheld} generated requests withheld: each would have changed a given account's password for good (other runs sharing the account would stop signing in)`,
          )
      } else {
        skip(
          'fuzz.properties',
          `${missing}, and through the API the property-based requests need a second account (--second-email, --second-password)`,
        )
      }
      if (options.sequences > 0) await statefulThroughTheApi(missing)
    } else if (!('missing' in controls)) {
      log(`property-based requests: ${options.requests.toLocaleString('en-US')}`)
      propertiesRan(await runFuzz({ ...propertyRun, clockStart: controls.clockStart }))
      if (options.sequences > 0 && controls.clockRuns && accounts) {
        await statefulThroughTheApi("the target's clock runs on its own")
      } else if (options.sequences > 0 && controls.clockRuns) {
        skip(
          'fuzz.stateful',
          "the target's clock runs on its own, and the model moves time only by its jumps (run the stub with STUB_MODE=test, or give accounts to run the model through the API)",
        )
      } else if (options.sequences > 0 && refused) {
        skip('fuzz.stateful', refused)
      } else if (options.sequences > 0) {
        log(`stateful sequences (model-based): ${options.sequences}`)
        statefulRan(
          await runStateful({
            ...modelRun,
            transport: options.statefulTransport ?? options.transport,
            clockStart: controls.clockStart,
          }),
        )
      }
    }
  } catch (error) {
    refusedPartsLeft(error)
  }
  // Said once, so the terminal's closing line and the report's note read the same.
  const closing = options.bound?.closingLine()
  if (closing !== undefined) note(closing)
  // Asked for: the user's own choice, shown but accepted.
  if (options.sequences === 0 && !skippedParts.some((part) => part.part === 'fuzz.stateful'))
    skipPart({ part: 'fuzz.stateful', reason: '--sequences 0', accepted: true })
  if (!fuzz && !stateful && skippedParts.some((part) => !part.accepted))
    tell(
      checkEvent(
        { name: 'fuzz', kind: 'property' },
        {
          name: 'property-based requests and the stateful model',
          status: 'skipped',
          message: `skipped: ${skippedParts[0]?.reason ?? ''}`,
          durationMs: 0,
        },
      ),
    )
  const run = { durationMs: performance.now() - started, fuzz, stateful, notes, skippedParts }
  return { run, closing }
}
