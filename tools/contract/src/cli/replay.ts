import { randomBytes } from 'node:crypto'
import { BaselineError, readBaseline } from '../replay/baseline'
import { replayTargetAt } from '../replay/play'
import { RecordingError, readRecordings } from '../replay/read'
import { REPLAY_PARTS, replayRecordings } from '../replay/run'
import { RunStream, shardOfRun } from '../report'
import { firstLineOf } from '../report/printable'
import { mailboxOption } from './check'
import { REPLAY_COMMAND } from './command-specs'
import { exitCodeOf, listenForStop, runOutputs } from './finish'
import { userPath } from './option-values'
import { type Command, readSettings, usageOf } from './options'
import { say } from './terminal'
import { EXIT, UsageError } from './usage'

const DEFAULT_REPORT_DIR = 'reports/replay'

/**
 * `devenv-contract replay DIR... --base-url URL`: exit 0 when every step answered as recorded and
 * as the contract says, 1 on drift, a contract failure or a session not replayed to its end, 2 on
 * bad input.
 */
export const replayCommand: Command = async (argv) => {
  const settings = readSettings(argv, REPLAY_COMMAND, REPLAY_PARTS)
  if (settings === 'help') {
    say(usageOf(REPLAY_COMMAND))
    return EXIT.passed
  }
  const { options, contract, positionals } = settings
  const shared = {
    ...settings.shared,
    reportDir: settings.shared.reportDir ?? userPath(DEFAULT_REPORT_DIR),
  }
  if (positionals.length === 0)
    throw new UsageError('replay needs the folder of a recording (proxy --record DIR)')
  let recordings: ReturnType<typeof readRecordings>
  let baseline: ReturnType<typeof readBaseline> = []
  try {
    recordings = readRecordings(positionals.map(userPath))
    if (options.baseline !== undefined) baseline = readBaseline(options.baseline)
  } catch (error) {
    if (error instanceof RecordingError || error instanceof BaselineError)
      throw new UsageError(error.message)
    throw error
  }
  const mailbox = await mailboxOption(options.mailbox, shared.timeoutMs)
  const variables = new Set(options['allow-env'] ?? [])
  const reach = { timeoutMs: shared.timeoutMs, mailbox, variables }
  const target = await replayTargetAt(options['base-url'].origin, reach)
  const reference =
    options.reference === undefined
      ? undefined
      : await replayTargetAt(options.reference.origin, reach)

  const stream = new RunStream(runOutputs(shared), shared.allowSkip)
  const started = performance.now()
  const signals = listenForStop()
  try {
    await stream.emit({
      type: 'started',
      mode: 'replay',
      target: target.transport.origin,
      startedAt: new Date().toISOString(),
      // What every shard of one replay shares: the sessions it was given.
      ...(options.shard
        ? {
            shard: shardOfRun(options.shard, {
              mode: 'replay',
              contract,
              settings: { sessions: recordings.map((recording) => recording.head.session) },
            }),
          }
        : {}),
    })
    const run = replayRecordings({
      contract,
      recordings,
      target,
      ...(reference ? { reference } : {}),
      baseline,
      runId: randomBytes(4).toString('hex'),
      ...(options.shard ? { shard: options.shard } : {}),
      today: new Date().toISOString().slice(0, 10),
      ...(options['write-tests'] === undefined ? {} : { writeTests: options['write-tests'] }),
      tell: (event) => stream.emit(event),
    })
    const stoppedBy = await Promise.race([run.then(() => undefined), signals.stopped])
    if (stoppedBy !== undefined) {
      await stream.interrupt(`stopped by ${stoppedBy}`, performance.now() - started)
      return EXIT.failed
    }
    const summary = await run
    await stream.emit({
      type: 'note',
      text: `replayed ${summary.steps} steps of ${summary.sessions} sessions against ${target.transport.origin}: ${summary.drift} differences (drift), ${summary.contractFailures} steps out of contract`,
    })
    return exitCodeOf(await stream.finish(performance.now() - started), shared)
  } catch (error) {
    await stream.interrupt(
      `stopped by an error: ${firstLineOf(error)}`,
      performance.now() - started,
    )
    throw error
  } finally {
    signals.release()
  }
}
