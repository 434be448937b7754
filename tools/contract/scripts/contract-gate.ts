// The contract gate of our own pipeline (turbo's `//#contract:gate`, in the test command): diffs
// the working openapi/openapi.yaml against its version at the base revision, and fails when a
// change breaks clients without a new major info.version and its openapi/CHANGELOG.md entry
// (src/release/gate.ts). `--write-changelog` writes that entry from the diff.
//
// The base is CONTRACT_BASE (a git revision; test.sh sets it to the merge base with main, so that
// turbo's cache knows it), else the merge base of HEAD and main.
//
// The contracts compared are a pull request's: what it prints and writes passes through the
// toolkit's one output layer (the terminal's say and sayLines, writeTextFile), as the CLI's does.
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { say, sayLines, warn, warnLines } from '../src/cli/terminal'
import { diffContracts } from '../src/diff'
import {
  gitArguments,
  parseContract,
  readContractSource,
  revisionProblem,
} from '../src/diff/sources'
import { contractBase, gitOutput } from '../src/release/base'
import {
  changelogEntry,
  gateChangeLine,
  gateVerdict,
  withChangelogEntry,
} from '../src/release/gate'
import { writeTextFile } from '../src/report/write'

// CONTRACT_GATE_ROOT names another checkout of this layout (the gate's own tests use one).
const root = process.env.CONTRACT_GATE_ROOT ?? resolve(import.meta.dirname, '..', '..', '..')
const contractPath = 'openapi/openapi.yaml'
const changelogPath = join(root, 'openapi', 'CHANGELOG.md')

// A copy of the tree without its history (an unpacked archive) has nothing to compare with.
const base = contractBase(root)
if (base === null) {
  say(
    'contract gate: skipped: no git history with a main branch to compare with (set CONTRACT_BASE)',
  )
  process.exit(0)
}
const refused = revisionProblem(base)
if (refused !== undefined) {
  warnLines([`contract gate: CONTRACT_BASE ${base} cannot be read: ${refused}`])
  process.exit(2)
}
const git = (command: string, options: string[], revision: string) =>
  gitOutput(root, ...gitArguments(command, options, revision))
const at = base.slice(0, 12)
if (git('rev-parse', ['--verify', '--quiet'], `${base}^{commit}`) === null) {
  warnLines([`contract gate: CONTRACT_BASE ${base} is not a revision of this repository`])
  process.exit(2)
}
if (git('cat-file', ['-e'], `${base}:${contractPath}`) === null) {
  say(`contract gate: ${contractPath} does not exist at ${at}: nothing to compare`)
  process.exit(0)
}
const bounds = { timeoutMs: 30_000, maxBytes: 16 * 1024 * 1024, cwd: root }
async function version(source: string): Promise<{ info: { version: string } }> {
  const { text } = await readContractSource(source, (given) => resolve(root, given), bounds)
  return parseContract(text, source) as { info: { version: string } }
}
const baseDocument = await version(`${base}:${contractPath}`)
const headDocument = await version(contractPath)
const diff = diffContracts(baseDocument, headDocument)
const versions = { base: baseDocument.info.version, head: headDocument.info.version }
const changelog = readFileSync(changelogPath, 'utf8')

if (process.argv.includes('--write-changelog')) {
  const entry = changelogEntry(diff, versions.head, new Date().toISOString().slice(0, 10))
  await writeTextFile(changelogPath, withChangelogEntry(changelog, entry))
  sayLines([
    `contract gate: wrote the entry of ${versions.head} in openapi/CHANGELOG.md (${diff.changes.length} changes since ${at})`,
  ])
  process.exit(0)
}

const verdict = gateVerdict(diff, versions, changelog)
const { clients, servers, neither, total } = diff.counts
sayLines([
  `contract gate: ${total} change(s) since ${at} (${versions.base} → ${versions.head}): ${clients} break clients, ${servers} break servers, ${neither} break neither`,
  ...verdict.serverBreaking.map((change) => gateChangeLine('servers', change)),
])
if (!verdict.passed) {
  warnLines([
    ...verdict.clientBreaking.map((change) => gateChangeLine('clients', change)),
    ...verdict.problems.map((problem) => `contract gate: ${problem}`),
  ])
  warn(
    'contract gate: failed. Give info.version a new major version, then `pnpm contract:changelog` writes its entry from the diff.',
  )
  process.exit(1)
}
