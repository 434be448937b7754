#!/usr/bin/env node
import { check } from './command/check'
import { type Command, EXIT, reasonOf, UsageError } from './command/frame'

const NAME = 'devenv-contract'

const USAGE = `Usage: ${NAME} <check|fuzz|proxy> [options]      (no subcommand: check)

Holds any server to the API contract (openapi.yaml) and reports how much of it was exercised.

  check --base-url URL      examples, generated invalid requests, stateful flows
  fuzz --base-url URL       property-based and model-based requests
  proxy --upstream URL      a validation proxy in front of a server

Every subcommand takes --report-dir DIR, --min-coverage PCT, --timeout MS, --contract FILE,
--quiet; '${NAME} <subcommand> --help' lists its options.
Exit codes: 0 all passed, 1 a failure (or coverage under --min-coverage), 2 bad input.
`

/**
 * Each subcommand's module; `undefined` until it is part of the toolkit (then, for example,
 * `fuzz: async () => (await import('./fuzz/command')).fuzzCommand`).
 */
const COMMANDS: Record<string, (() => Promise<Command>) | undefined> = {
  check: async () => check,
  fuzz: async () => (await import('./fuzz/command')).fuzzCommand,
  proxy: async () => (await import('./proxy/command')).proxyCommand,
}

async function main(argv: string[]): Promise<number> {
  const [first, ...rest] = argv
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    console.log(USAGE)
    return first === undefined ? EXIT.usage : EXIT.passed
  }
  // `devenv-contract --base-url URL` (no subcommand) has always meant check.
  const [name, args] = first.startsWith('-') ? ['check', argv] : [first, rest]
  if (!(name in COMMANDS)) throw new UsageError(`unknown subcommand "${name}" (check, fuzz, proxy)`)
  const load = COMMANDS[name]
  if (!load) throw new UsageError(`the ${name} subcommand is not available yet in this version`)
  const command = await load()
  try {
    return await command(args)
  } catch (error) {
    if (error instanceof UsageError)
      throw new UsageError(`${name}: ${error.message} (see ${NAME} ${name} --help)`)
    throw error
  }
}

try {
  process.exitCode = await main(process.argv.slice(2))
} catch (error) {
  if (error instanceof UsageError) {
    const hint = error.message.endsWith('--help)') ? '' : ` (see ${NAME} --help)`
    console.error(`${NAME}: ${error.message}${hint}`)
    process.exitCode = EXIT.usage
  } else {
    // Not the user's fault: one line, and the stack only when asked for.
    console.error(`${NAME}: unexpected error: ${reasonOf(error)}`)
    if (process.env.DEVENV_CONTRACT_DEBUG) console.error(error)
    process.exitCode = EXIT.failed
  }
}
// Idle keep-alive connections to the target must not hold the process open.
process.exit()
