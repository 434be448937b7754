import type { Contract } from '@devenv/openapi'
import { type ContractDiff, ContractDiffError, diffContracts } from '../diff'
import { labelFailures, type RunHandler, type RunReport } from '../report'
import { serverAsks, serverAsksLines, sinceLabelOf } from '../since'
import { readContractVersion } from './diff'
import { shownUrl } from './option-values'
import { sayLines } from './terminal'
import { UsageError } from './usage'

/** A run `--since` a base: the base as shown, the diff from it to the run's contract, its asks. */
export type SinceTheBase = { base: string; diff: ContractDiff; asks: string[] }

/**
 * `check --since BASE`: the base read as `diff` reads a version, compared with the contract the run
 * holds the server to, and what it asks of servers printed first. A base that cannot be read or
 * is not a contract is a usage error naming the option.
 */
export async function sinceTheBase(
  given: string,
  contract: Contract,
  timeoutMs: number,
): Promise<SinceTheBase> {
  const base = shownUrl(given)
  let diff: ContractDiff
  try {
    diff = diffContracts(await readContractVersion(given, timeoutMs), contract.document)
  } catch (error) {
    if (error instanceof UsageError) throw new UsageError(`--since: ${error.message}`)
    if (error instanceof ContractDiffError)
      throw new UsageError(
        `--since ${base}: ${error.message.replace(/^the base\b/, 'it').replace(/^the head\b/, 'the contract')}`,
      )
    throw error
  }
  const asks = serverAsks(diff)
  sayLines(serverAsksLines(base, asks))
  return { base, diff, asks }
}

/**
 * The run's outputs, each handed the finished report with its failures labelled against the base
 * (once, for all of them): the terminal, report.json, junit.xml and report.html say the same.
 */
export function sinceOutputs(since: SinceTheBase, outputs: readonly RunHandler[]): RunHandler[] {
  const labelled = new WeakMap<RunReport, RunReport>()
  const label = (report: RunReport) => {
    const known = labelled.get(report)
    if (known) return known
    const made = labelFailures(report, { base: since.base, asks: since.asks }, (suite, check) =>
      sinceLabelOf(since.diff, suite, check),
    )
    labelled.set(report, made)
    return made
  }
  return outputs.map(
    (output): RunHandler => ({
      start: () => output.start?.(),
      handle: (event) =>
        output.handle(
          event.type === 'finished' ? { type: 'finished', report: label(event.report) } : event,
        ),
      shutdown: () => output.shutdown?.(),
    }),
  )
}
