// The CLI's cold start in CPU-seconds, the cost a pipeline pays for each file it diffs: `--help`,
// `diff --help` and a small diff, each RUNS times (BENCH_COLD_RUNS, default 20), by the built CLI
// (dist/cli.js) and, when `pnpm pack:contract` has made it, the packed one. Prints each median.
// CPU is the child's user and system time, read from /proc/self/stat's cutime and cstime once the
// child is reaped (Linux; 10 ms ticks, so medians of many runs). Run after `pnpm build`.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = fileURLToPath(new URL('..', import.meta.url))
const RUNS = Number(process.env.BENCH_COLD_RUNS ?? 20)
const TICKS_PER_SECOND = 100

if (!existsSync('/proc/self/stat')) {
  console.error('cold-start bench: reads /proc/self/stat, so it runs on Linux only')
  process.exit(2)
}

/** User plus system CPU of the reaped children so far, in seconds. */
function childrenCpuSeconds() {
  // The fields after the command's closing parenthesis; cutime and cstime are the 16th and 17th.
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ')
  return (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND
}

const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]

function measure(cli, args, cwd) {
  const cpu = []
  const wall = []
  for (let run = 0; run < RUNS; run++) {
    const before = childrenCpuSeconds()
    const started = performance.now()
    const outcome = spawnSync(process.execPath, [cli, ...args], { cwd, stdio: 'ignore' })
    wall.push((performance.now() - started) / 1000)
    cpu.push(childrenCpuSeconds() - before)
    if (outcome.status === null || outcome.status > 1)
      throw new Error(`${args.join(' ')} ended with ${outcome.status ?? outcome.signal}`)
  }
  return { cpu: median(cpu), wall: median(wall) }
}

// Two versions of a small API, an operation moved: a diff with one change each way.
const folder = mkdtempSync(join(tmpdir(), 'devenv-cold-start-'))
const base =
  'openapi: 3.0.3\ninfo: {title: t, version: "1"}\npaths:\n  /a:\n    get:\n      responses:\n        "200": {description: ok}\n'
writeFileSync(join(folder, 'base.yaml'), base)
writeFileSync(join(folder, 'head.yaml'), base.replace('get:', 'post:'))

const tarball = join(here, 'devenv-contract.tgz')
const clis = [['built (dist/cli.js)', join(here, 'dist/cli.js')]]
if (existsSync(tarball)) {
  spawnSync('tar', ['xzf', tarball, '-C', folder])
  clis.push(['packed (devenv-contract.tgz)', join(folder, 'package/dist/cli.js')])
}
const bare = measure('-e', ['0'], folder)
console.log(
  `cold start, median of ${RUNS} runs each (load ${loadavg()[0].toFixed(1)}); node alone: ${bare.cpu.toFixed(2)} s CPU, ${bare.wall.toFixed(2)} s wall`,
)
try {
  for (const [name, cli] of clis) {
    if (!existsSync(cli)) throw new Error(`${cli} is missing: run pnpm build first`)
    for (const args of [['--help'], ['diff', '--help'], ['diff', 'base.yaml', 'head.yaml']]) {
      const { cpu, wall } = measure(cli, args, folder)
      console.log(
        `  ${name.padEnd(28)} ${args.join(' ').padEnd(26)} ${cpu.toFixed(2)} s CPU  ${wall.toFixed(2)} s wall`,
      )
    }
  }
} finally {
  rmSync(folder, { recursive: true, force: true })
}
