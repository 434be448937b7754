import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { CHECK_PARTS } from '../check/runner'
import { MergeError, mergeShardReports } from '../report'
import { finishRun } from './finish'
import { type Command, EXIT, readCommand, UsageError, userPath } from './options'
import { say } from './terminal'

export const MERGE_USAGE = `Usage: devenv-contract merge DIR... [options]

Joins the reports of a run's shards (check or fuzz with --shard i/n, each in its own folder) into
one report, as if the run had been whole: report.json, junit.xml, report.html and the coverage
matrix, covered once however many shards covered it. Each DIR is a shard's --report-dir (or its
report.json). Every shard of the run must be given, once: missing ones, or shards of different
runs or contracts, are an error (exit 2). Exit 0 when all passed, 1 on a failure, coverage under
--min-coverage, or a whole part skipped that neither its shard nor --allow-skip accepts.

  --report-dir DIR      write the merged report.json, junit.xml, report.html there
                                                                (default reports/merged)
  --min-coverage PCT    fail (exit 1) when operations, statuses or examples covered are below PCT %
  --allow-skip PARTS    accept these whole parts being skipped (comma-separated; part.* for all
                        under part), as the run itself does
  --config FILE         options from a file: its shared keys, and its "merge" section
  -h, --help            this help
`

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
  const { FUZZ_PARTS } = await import('../fuzz/target')
  const { PROXY_PARTS } = await import('../proxy/report')
  const command = readCommand(argv, {}, [...CHECK_PARTS, ...FUZZ_PARTS, ...PROXY_PARTS], {
    subcommand: 'merge',
    positionals: true,
  })
  if (command.help) {
    say(MERGE_USAGE)
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
  const shared = command.shared
  return finishRun(merged, {
    ...shared,
    reportDir: shared.reportDir ?? userPath(DEFAULT_REPORT_DIR),
  })
}
