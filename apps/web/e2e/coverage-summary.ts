import { type ContractCoverage, coverageFigures, uncalledOperations } from '@devenv/openapi'
import { STUB_ORIGIN } from './stub-origin'

/**
 * Playwright's global teardown: prints how much of the contract the site itself exercised
 * against the stub over the whole run (every test's stub session together: `?scope=all`).
 * Information, not a verdict: a stub that cannot answer is a line saying so, never a failure.
 */
export default async function printContractCoverage(): Promise<void> {
  try {
    const answer = await fetch(`${STUB_ORIGIN}/__dev/coverage?scope=all`, {
      // Information only, yet a slow machine under load may take seconds to answer.
      signal: AbortSignal.timeout(30_000),
    })
    if (!answer.ok) throw new Error(`the stub answered ${answer.status}`)
    const coverage = (await answer.json()) as ContractCoverage
    const uncalled = uncalledOperations(coverage)
    console.log(
      [
        '',
        `Contract exercised by the site against the stub: ${coverageFigures(coverage)}`,
        uncalled.length === 0
          ? 'Every operation was called.'
          : `Never called (${uncalled.length}): ${uncalled.join(', ')}`,
      ].join('\n'),
    )
  } catch (error) {
    console.log(`Contract coverage of the site not available: ${(error as Error).message}`)
  }
}
