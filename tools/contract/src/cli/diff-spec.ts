import { DEFAULT_DEPRECATION_POLICY } from '../diff/deprecation'
import { DIFF_FORMATS } from '../diff/formats'
import { SIDES, type Side } from '../diff/sides'
import type { CommandSpec } from './option-specs'
import { listOption, numberWithin, oneOf, type ValueReader } from './option-values'
import { CONTRACT_AND_REPORTS, RUN } from './shared-specs'
import { UsageError } from './usage'

// diff's options, apart from the other subcommands': it compares two documents and runs nothing
// against a server. command-specs.ts lists it with the others.

/**
 * The most bytes of a contract `diff` (and `check --since`) reads, from a file, a URL or `git show`.
 * Parsing YAML costs about 100 MB and a second per MiB (a 5.8 MB file: 5.9 s, 490 MB), and the
 * diff's own bound (100,000 values) is met by about 1 MiB of contract; today's is 105 KB.
 */
export const MAX_CONTRACT_MIB = 4

/** `--fail-on`: the sides named, `any` for both, `none` for neither; none named is `clients`. */
const sides: ValueReader<Side[]> = (text, { origin }) => {
  const names = listOption(text)
  if (names.length === 0) return ['clients']
  const known = [...SIDES, 'any', 'none']
  const unknown = names.filter((name) => !known.includes(name))
  if (unknown.length > 0)
    throw new UsageError(
      `${origin} names no side: ${unknown.join(', ')} (sides: ${known.join(', ')})`,
    )
  if (names.includes('none')) {
    if (names.length > 1) throw new UsageError(`${origin} none cannot go with a side`)
    return []
  }
  return names.includes('any') ? [...SIDES] : SIDES.filter((side) => names.includes(side))
}

export const DIFF_COMMAND = {
  name: 'diff',
  brief: 'the changes between two versions of the contract, by whom they break',
  usage: ['diff BASE HEAD [options]'],
  positionals: true,
  summary: `Compares two versions of the contract and judges each change by whom it breaks: clients (the
site, users of the API client), servers (backend teams), or neither. BASE and HEAD are each a
file, an http(s) URL, or a git revision REV:PATH (main:openapi/openapi.yaml, read with git show);
YAML or JSON, up to ${MAX_CONTRACT_MIB} MiB. Exit 0 when no change breaks a side --fail-on names
(clients by default), 1 when one does, 2 when a version cannot be read (one line says why).`,
  options: [
    {
      name: 'format',
      value: DIFF_FORMATS.join('|'),
      read: oneOf(DIFF_FORMATS),
      default: '`terminal`',
      description:
        'what is printed: the changes grouped by whom they break, most breaking first; JSON; Markdown for a pull-request comment (a summary line, a table per side); JUnit XML (a testcase per change)',
      group: CONTRACT_AND_REPORTS,
    },
    {
      name: 'fail-on',
      value: 'SIDES',
      read: sides,
      default: '`clients`',
      description:
        'exit 1 when a change breaks one of these sides: `clients`, `servers` (comma-separated), `any` for both, `none` never',
      details: 'See [Whom a change breaks](diff.md#whom-a-change-breaks)',
      group: RUN,
    },
    {
      name: 'deprecation-days',
      value: 'DAYS',
      // Ten years at most: a bound against a typo.
      read: numberWithin({ min: 0, max: 3650, integer: true }),
      default: DEFAULT_DEPRECATION_POLICY.deprecationDays,
      description:
        'the deprecation policy: how many days a stable element must be deprecated (its `x-sunset` that far ahead) before it may be removed; a change against the policy is a `policy-*` change, which breaks neither side on the wire',
      group: RUN,
    },
    {
      name: 'beta-deprecation-days',
      value: 'DAYS',
      read: numberWithin({ min: 0, max: 3650, integer: true }),
      default: DEFAULT_DEPRECATION_POLICY.betaDeprecationDays,
      description:
        'the same for an element whose `x-stability-level` is `beta` (`draft` and `alpha` ones may go at once)',
      group: RUN,
    },
  ],
  shared: {
    'report-dir': {
      description: 'also write `diff.json`, `diff.md` and `junit.xml` there',
    },
    timeout: {
      default: 30_000,
      description: 'how long a URL or `git show` may take',
    },
    quiet: { description: 'with the terminal format, the closing line alone' },
    // Two versions given as arguments, nothing run against a server.
    contract: { hidden: true },
    'min-coverage': { hidden: true },
    'allow-skip': { hidden: true },
  },
} as const satisfies CommandSpec
