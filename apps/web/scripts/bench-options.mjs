// The bench's command line (scripts/lighthouse.mjs), read apart so that its rules have a test.
//   --busy           a second pass with one core kept busy for the whole of it (decisions/web-performance.md), after
//                    the idle pass: the table shows both
//   --startup-only   the start-up probe only (longest task, click delay), without Lighthouse
//   --pages=/,/x     some pages only (BENCH_PAGES); --runs=N runs per figure (BENCH_RUNS, 3)
// The environment's BENCH_* variables still work; an argument wins over its variable.

const FLAGS = new Set(['--busy', '--startup-only'])
const VALUED = new Set(['--pages', '--runs'])

export const USAGE =
  'usage: bench [--busy] [--startup-only] [--pages=/,/pricing] [--runs=3]  (BENCH_PAGES, BENCH_RUNS)'

/**
 * The bench's options from its arguments and environment. Throws on an unknown argument or a bad
 * value, so that a mistyped option never runs a long bench that measures something else.
 */
export function parseBenchOptions(args, env = {}, allPages = []) {
  const given = {}
  for (const arg of args) {
    // pnpm hands a lone `--` through to the script.
    if (arg === '--') continue
    const [name, value] = arg.includes('=') ? arg.split(/=(.*)/s, 2) : [arg, undefined]
    if (FLAGS.has(name) && value === undefined) given[name] = true
    else if (VALUED.has(name) && value) given[name] = value
    else throw new Error(`unknown or incomplete bench argument ${arg}\n${USAGE}`)
  }
  const pagesText = given['--pages'] ?? env.BENCH_PAGES
  const pages = pagesText ? pagesText.split(',').filter(Boolean) : [...allPages]
  if (pages.length === 0 || pages.some((page) => !page.startsWith('/')))
    throw new Error(`pages are paths such as /pricing, got ${pagesText}\n${USAGE}`)
  const runsText = given['--runs'] ?? env.BENCH_RUNS ?? '3'
  const runs = Number(runsText)
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error(`runs is a whole number from 1, got ${runsText}\n${USAGE}`)
  return {
    pages,
    runs,
    lighthouse: !given['--startup-only'],
    passes: given['--busy'] ? ['idle', 'busy'] : ['idle'],
  }
}
