import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { checkPartsOf } from '../check/selection'
import { MergeError, mergeShardReports, RunStream } from '../report'
import { MERGE_COMMAND } from './command-specs'
import { exitCodeOf, runOutputs } from './finish'
import { userPath } from './option-values'
import { type Command, readCommand, usageOf } from './options'
import { say } from './terminal'
import { EXIT, UsageError } from './usage'

const DEFAULT_REPORT_DIR = 'reports/merged'

/** A shard's report.json: the path given, or report.json in the folder given. */
async function reportOf(given: string): Promise<{ source: string; document: unknown }> {
  const path = userPath(given)
  let file = path
  try {
    if ((await stat(path)).isDirectory()) file = join(path, 'report.json')
  } catch {
    throw new UsageError(`${given}: no such file or folder`)
  }
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch {
    throw new UsageError(`${given} has no report.json`)
  }
  try {
    return { source: given, document: JSON.parse(text) }
  } catch {
    throw new UsageError(`${given}: its report.json is not JSON`)
  }
}

/** `devenv-contract merge DIR...`: one report from the shards of a run. */
export const mergeCommand: Command = async (argv) => {
  // Every mode's part names: which mode the shards are is known only once they are read.
  const { fuzzPartsOf } = await import('../fuzz/target')
  const { PROXY_PARTS } = await import('../proxy/report')
  const { REPLAY_PARTS } = await import('../replay/run')
  const command = readCommand(argv, MERGE_COMMAND, (contract) => [
    ...checkPartsOf(contract),
    ...fuzzPartsOf(contract),
    ...PROXY_PARTS,
    ...REPLAY_PARTS,
  ])
  if (command.help) {
    say(usageOf(MERGE_COMMAND))
    return EXIT.passed
  }
  command.check(
    [],
    () => {
      if (command.positionals.length === 0)
        throw new UsageError("give the shards' report folders: merge DIR...")
    },
    undefined,
  )
  // Every folder is read, so that each one missing is named at once.
  const read = await Promise.allSettled(command.positionals.map(reportOf))
  const reports = read.flatMap((each, index) =>
    command.check(index, () => {
      if (each.status === 'rejected') throw each.reason
      return [each.value]
    }, []),
  )
  command.done()
  let merged: ReturnType<typeof mergeShardReports>
  try {
    merged = mergeShardReports(reports)
  } catch (error) {
    if (error instanceof MergeError) throw new UsageError(error.message)
    throw error
  }
  const shared = {
    ...command.shared,
    reportDir: command.shared.reportDir ?? userPath(DEFAULT_REPORT_DIR),
  }
  // Joined whole from the shards' reports: handed to the outputs as the run's last event.
  const report = await new RunStream(runOutputs(shared), shared.allowSkip).finishWith(merged)
  return exitCodeOf(report, shared)
}
