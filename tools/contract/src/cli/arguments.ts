import { type ParseArgsConfig, parseArgs } from 'node:util'
import { firstLineOf } from '../report/printable'
import type { OptionValue } from './config'
import { nearestName } from './option-values'

// The arguments as node:util reads them, every refused one a problem rather than the first, each
// problem with where it stands: the command line's problems are told in the order they were typed.

export type ParseOptions = NonNullable<ParseArgsConfig['options']>

/** A problem and where it stands: the argument's index, then the key's place in the file. */
export type Problem = { reason: string; at: readonly [number, number] }

/** Where the options given no value stand: after every argument and key. */
export const UNSET: Problem['at'] = [Number.POSITIVE_INFINITY, 0]

export const before = (a: Problem['at'], b: Problem['at']) => a[0] - b[0] || a[1] - b[1]

export type Arguments = {
  flags: Record<string, OptionValue>
  positionals: string[]
  /** Each positional argument's index among the arguments. */
  positionalIndexes: number[]
  /** The index of the argument that set each option (the last, which wins). */
  indexes: Record<string, number>
  /** Options given a value node:util refuses: their value is unknown. */
  refused: Set<string>
  /** The options an unknown one was near: a typo of one is not its absence. */
  meant: Set<string>
  problems: Problem[]
}

/**
 * The arguments as node:util reads them, every refused one a problem rather than the first: the
 * tokens are the same strict or not, so each is read alone, strictly, for node's own reason.
 */
export function readArguments(
  argv: string[],
  options: ParseOptions,
  positionals: boolean,
): Arguments {
  const read: Arguments = {
    flags: {},
    positionals: [],
    positionalIndexes: [],
    indexes: {},
    refused: new Set(),
    meant: new Set(),
    problems: [],
  }
  const { tokens } = parseArgs({
    args: argv,
    options,
    strict: false,
    allowPositionals: true,
    tokens: true,
  })
  // An unknown option's value reads as an argument of its own: it is that option's problem.
  let unknownAt = -1
  for (const token of tokens) {
    if (token.kind === 'option-terminator') continue
    const { reason, near } = refusalOf(token, options, positionals)
    if (near !== undefined) read.meant.add(near)
    if (token.kind === 'positional') {
      if (reason !== undefined) {
        if (token.index !== unknownAt + 1) read.problems.push({ reason, at: [token.index, 0] })
      } else {
        read.positionals.push(token.value)
        read.positionalIndexes.push(token.index)
      }
      continue
    }
    const spec = Object.hasOwn(options, token.name) ? options[token.name] : undefined
    if (reason !== undefined) read.problems.push({ reason, at: [token.index, 0] })
    if (spec === undefined) {
      if (token.inlineValue === undefined) unknownAt = token.index
      continue
    }
    read.indexes[token.name] = token.index
    if (reason !== undefined) {
      read.refused.add(token.name)
      delete read.flags[token.name]
      continue
    }
    read.refused.delete(token.name)
    const value = spec.type === 'boolean' ? true : (token.value ?? '')
    const earlier = read.flags[token.name]
    read.flags[token.name] = spec.multiple
      ? [...(Array.isArray(earlier) ? earlier : []), String(value)]
      : value
  }
  return read
}

type Token = ReturnType<typeof parseArgs<{ tokens: true; strict: false }>>['tokens'][number]

/** Why node:util refuses one argument, if it does, and the option an unknown one was near. */
function refusalOf(
  token: Token,
  options: ParseOptions,
  positionals: boolean,
): { reason?: string; near?: string } {
  if (token.kind === 'option-terminator') return {}
  const args =
    token.kind === 'positional'
      ? ['--', token.value]
      : token.inlineValue === undefined
        ? [token.rawName]
        : token.inlineValue
          ? [`${token.rawName}${token.rawName.startsWith('--') ? '=' : ''}${token.value}`]
          : [token.rawName, token.value ?? '']
  try {
    parseArgs({ args, options, strict: true, allowPositionals: positionals })
    return {}
  } catch (error) {
    // node:util names the problem ("Unknown option '--x'"); its advice about '--' does not apply.
    const reason = firstLineOf(error).replace(/\. To specify a positional argument.*$/, '')
    const unknown = /^Unknown option '--([^'=]+)'/.exec(reason)?.[1]
    const near = unknown === undefined ? undefined : nearestName(unknown, Object.keys(options))
    return near === undefined ? { reason } : { reason: `${reason}; did you mean --${near}?`, near }
  }
}
