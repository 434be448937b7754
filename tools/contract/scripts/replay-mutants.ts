// `pnpm replay:mutants`: the site's recorded traffic (test/fixtures/site-recording) replayed
// against the stub with each planted bug of test/fixtures/broken-servers.ts, every session each
// time: which bugs the browser suites' flows reach, and the first failure that names each. A few
// minutes, so outside the test command (test/site-replay.test.ts runs a bounded choice).
import { sayLines } from '../src/cli/terminal'
import { BROKEN_SERVERS } from '../test/fixtures/broken-servers'
import { onStub, replayOn, siteNoise, siteSessions } from '../test/fixtures/site-replay'

const sessions = siteSessions()
const started = performance.now()
const noise = await siteNoise(sessions)
const clean = await onStub((target) => replayOn(sessions, target, noise))
const rows: string[] = []
let caught = 0
for (const broken of BROKEN_SERVERS) {
  const found = await onStub((target) => replayOn(sessions, target, noise), broken)
  const first = found.failures[0] ?? found.stopped[0]
  if (first !== undefined) caught++
  rows.push(
    `| ${broken.bug} | ${first === undefined ? 'not reached' : `caught: ${found.failures.length} failing steps, ${found.stopped.length} sessions stopped`} | ${(first ?? '').replaceAll('|', '\\|').slice(0, 160)} |`,
  )
}
const lines = [
  `site recording: ${sessions.length} sessions, ${clean.steps} steps; on a fresh stub ${clean.failures.length} failures, ${clean.stopped.length} sessions stopped`,
  `planted bugs: ${caught} of ${BROKEN_SERVERS.length} reported (${((performance.now() - started) / 1000).toFixed(0)} s)`,
  '',
  '| planted bug | replay | first failure |',
  '| --- | --- | --- |',
  ...rows,
]
sayLines(lines)
