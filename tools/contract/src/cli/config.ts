import { existsSync, readFileSync } from 'node:fs'
import { basename, extname, relative } from 'node:path'
import type { ParseArgsConfig } from 'node:util'
import { parse as parseYaml } from 'yaml'
import * as z from 'zod'
import { rememberSecret } from '../report/secrets'
import { listOption, userPath } from './option-values'

type OptionSpecs = NonNullable<ParseArgsConfig['options']>

/** What an option holds once read: a flag's value, or the same from the file. */
export type OptionValue = string | boolean | string[]

/** The file looked for in the folder the command is typed in, in this order, when no --config. */
export const CONFIG_FILE_NAMES = [
  'devenv-contract.config.json',
  'devenv-contract.config.yaml',
  'devenv-contract.config.yml',
] as const

/**
 * Options given on the command line only, never keys of the file: what the file is, and what the
 * file may do. A file found in the folder may be a checkout's, anyone's: it cannot let
 * itself read the environment (`config-env`) or run commands (`allow-exec`).
 */
export const COMMAND_LINE_ONLY = new Set(['config', 'help', 'config-env', 'allow-exec'])

/**
 * The environment variables a file reads as `${NAME}` without being named by `--config-env`: the
 * toolkit's own (`CONTRACT_EMAIL`, `CONTRACT_PASSWORD` ...), which a run reads anyway.
 */
const CONFIG_VARIABLE_PREFIX = 'CONTRACT_'

/** The subcommands that may have a section of their own in the file. */
const CONFIG_SECTIONS = ['check', 'fuzz', 'proxy', 'merge'] as const

type ConfigFile = {
  /** The file as messages name it: `--config FILE` when given so, else the file's name. */
  name: string
  /** Each key of the file that applies to this subcommand, as the option it sets. */
  values: Record<string, OptionValue>
  /** Where each value came from (`check.timeout`), for messages about it. */
  keys: Record<string, string>
  /** Each value's key's place in the file, top to bottom: problems are told in the file's order. */
  places: Record<string, number>
  /** What is wrong with the file's keys, each with its key's place; all of them, not the first. */
  problems: ConfigProblem[]
  /**
   * Options whose key is in the file but refused: their value is unknown rather than unset, so
   * nothing is said about them missing. `all` when the subcommand's section itself is unreadable.
   */
  refused: ReadonlySet<string> | 'all'
}

type ConfigProblem = { reason: string; place: number }

/** Bad input in the file: the caller makes it a usage error. */
class ConfigError extends Error {
  override name = 'ConfigError'
}

/** The configuration file in `folder`, if any; two of them is an error: which wins would be a guess. */
function configFileIn(folder: string): string | undefined {
  const found = CONFIG_FILE_NAMES.map((name) => `${folder}/${name}`).filter((path) =>
    existsSync(path),
  )
  if (found.length > 1)
    throw new ConfigError(
      `${found.map((path) => basename(path)).join(' and ')} are both here: keep one`,
    )
  return found[0]
}

function parseFile(path: string, name: string): unknown {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    throw new ConfigError(
      `${name}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder' : String(code ?? error)}`,
    )
  }
  try {
    // YAML is a superset of JSON, but a .json file is held to JSON: its errors read as JSON's.
    return extname(path) === '.json' ? JSON.parse(text) : parseYaml(text)
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0]
    throw new ConfigError(
      `${name} is not valid ${extname(path) === '.json' ? 'JSON' : 'YAML'}: ${reason}`,
    )
  }
}

/** The environment a file's `${NAME}` reads: its values, and the names `--config-env` gave. */
export type Environment = { values: NodeJS.ProcessEnv; named: readonly string[] }

/**
 * `${NAME}` in a value is the environment variable's value, as schemathesis.toml does, so secrets
 * stay out of the file; only `CONTRACT_*` and the variables named by `--config-env` are read. An
 * unset or empty variable is a problem: a password that silently became "" would sign in as
 * nobody and fail far from its cause. Answers undefined when one is.
 */
function interpolate(
  value: string,
  where: string,
  env: Environment,
  problem: (reason: string) => void,
): string | undefined {
  let complete = true
  const result = value.replace(/\$\{([^}]*)\}/g, (whole, variable: string) => {
    const set = env.values[variable]
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(variable))
      problem(`${where}: "\${${variable}}" is not an environment variable's name`)
    // Any variable would let a checkout's file send the machine's secrets (a cloud key, a token)
    // to the target it names: only the toolkit's own, and those the user names, are read.
    else if (!variable.startsWith(CONFIG_VARIABLE_PREFIX) && !env.named.includes(variable))
      problem(
        `${where} reads the environment variable ${variable}, which a configuration file may not: it reads ${CONFIG_VARIABLE_PREFIX}* variables and those named by --config-env (give --config-env ${variable})`,
      )
    else if (set === undefined || set === '')
      problem(`${where} needs the environment variable ${variable}, which is not set`)
    else {
      // Kept out of the file for a reason: every output shows it as $NAME or [redacted].
      rememberSecret(set, variable)
      return set
    }
    complete = false
    return whole
  })
  return complete ? result : undefined
}

/** The value a key may hold, from the option's own spec: the file and the flag mean the same. */
function valueSchema(spec: OptionSpecs[string]): z.ZodType<OptionValue> {
  if (spec.type === 'boolean') return z.boolean()
  // Numbers are welcome in the file (`"timeout": 5000`); the option reads them as its flag would.
  const text = z.union([z.string(), z.number().transform(String)])
  return spec.multiple ? z.union([z.array(text), text.transform((one) => [one])]) : text
}

const describeType = (spec: OptionSpecs[string]) =>
  spec.type === 'boolean'
    ? 'true or false'
    : spec.multiple
      ? 'a string, a number or a list of them'
      : 'a string or a number'

/** The keys of one level of the file (the top, or the subcommand's section) as options. */
type Layer = {
  values: Record<string, OptionValue>
  keys: Record<string, string>
  places: Record<string, number>
  refused: Set<string>
}

const emptyLayer = (): Layer => ({ values: {}, keys: {}, places: {}, refused: new Set() })

/**
 * Reads the file and answers the values it sets for one subcommand: the shared options' keys at
 * the top level, then the subcommand's section (`check`, `fuzz` ...), which overrides them. Every
 * key is checked against the subcommand's options: a key that names none, or holds the wrong type,
 * is a problem naming the key and the file, and every key is checked, so that one run names them
 * all. The other subcommands' sections are theirs to check. A file that cannot be read or parsed
 * is a ConfigError: it has no keys to check.
 */
function loadConfig(
  path: string,
  name: string,
  subcommand: string,
  shared: OptionSpecs,
  own: OptionSpecs,
  env: Environment = { values: process.env, named: [] },
): ConfigFile {
  const document = parseFile(path, name)
  if (typeof document !== 'object' || document === null || Array.isArray(document))
    throw new ConfigError(`${name} must hold an object of options (keys are the options' names)`)
  const problems: ConfigProblem[] = []
  const sections: readonly string[] = [...CONFIG_SECTIONS, subcommand]
  const options = { ...shared, ...own }
  const ownNames = Object.keys(own).filter((key) => !Object.hasOwn(shared, key))
  const notShared = `shared by every subcommand${ownNames.length > 0 ? ` (${subcommand}'s own options go under "${subcommand}")` : ''}`
  // Places count the keys in the file's order, sections' keys where the section stands.
  let place = 0
  const read = (layer: Layer, key: string, raw: unknown, specs: OptionSpecs, prefix: string) => {
    const at = place++
    const where = `${name}: ${prefix}${key}`
    const problem = (reason: string) => problems.push({ reason, place: at })
    const spec = COMMAND_LINE_ONLY.has(key) || !Object.hasOwn(specs, key) ? undefined : specs[key]
    if (COMMAND_LINE_ONLY.has(key) && Object.hasOwn(options, key)) {
      problem(`${where} is not an option of the file: it is given on the command line only`)
      return
    }
    if (!spec) {
      problem(`${where} is not an option ${prefix === '' ? notShared : `of ${subcommand}`}`)
      // One of the subcommand's own options at the top level was meant for it: not missing.
      if (!COMMAND_LINE_ONLY.has(key) && Object.hasOwn(options, key)) layer.refused.add(key)
      return
    }
    const parsed = valueSchema(spec).safeParse(raw)
    const value = !parsed.success
      ? undefined
      : typeof parsed.data === 'string'
        ? interpolate(parsed.data, where, env, problem)
        : Array.isArray(parsed.data)
          ? allRead(parsed.data.map((each) => interpolate(each, where, env, problem)))
          : parsed.data
    if (!parsed.success) problem(`${where} must be ${describeType(spec)}`)
    if (value === undefined) {
      layer.refused.add(key)
      return
    }
    layer.values[key] = value
    layer.keys[key] = `${prefix}${key}`
    layer.places[key] = at
  }
  const top = emptyLayer()
  const section = emptyLayer()
  let sectionUnreadable = false
  for (const [key, raw] of Object.entries(document)) {
    if (!sections.includes(key)) {
      read(top, key, raw, shared, '')
      continue
    }
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      problems.push({
        reason: `${name}: ${key} must be an object of ${key}'s options`,
        place: place++,
      })
      sectionUnreadable ||= key === subcommand
      continue
    }
    if (key === subcommand)
      for (const [inner, value] of Object.entries(raw))
        read(section, inner, value, options, `${key}.`)
  }
  // The section overrides the top level, key by key, refused keys as much as read ones.
  const overridden = (key: string) => Object.hasOwn(section.values, key) || section.refused.has(key)
  const merged = emptyLayer()
  for (const layer of [top, section])
    for (const [key, value] of Object.entries(layer.values))
      if (layer === section || !overridden(key)) {
        merged.values[key] = value
        merged.keys[key] = layer.keys[key] as string
        merged.places[key] = layer.places[key] as number
      }
  for (const key of top.refused) if (!overridden(key)) merged.refused.add(key)
  for (const key of section.refused) merged.refused.add(key)
  return { name, ...merged, problems, refused: sectionUnreadable ? 'all' : merged.refused }
}

/** The list, or undefined when one of its items is. */
function allRead(items: Array<string | undefined>): string[] | undefined {
  return items.every((item) => item !== undefined) ? (items as string[]) : undefined
}

/**
 * The options the configuration file sets for this subcommand (none when there is no file, or
 * when only help is asked for: a broken file must not hide how to fix it), what is wrong with it,
 * and the file as the user named it (`file`). A file that does not read at all leaves every
 * option's value unknown.
 */
export function readConfig(
  flags: Readonly<Record<string, OptionValue>>,
  refused: ReadonlySet<string>,
  subcommand: string,
  shared: OptionSpecs,
  own: OptionSpecs,
): ConfigFile & { file: string | undefined } {
  const none = { name: '', file: undefined, ...emptyLayer(), problems: [] }
  if (flags.help === true) return none
  // `--config` without its file: which file was meant is unknown, so none is read.
  if (refused.has('config')) return { ...none, refused: 'all' }
  const given = typeof flags.config === 'string' ? flags.config : undefined
  const folder = process.env.INIT_CWD ?? process.cwd()
  try {
    const path = given === undefined ? configFileIn(folder) : userPath(given)
    if (path === undefined) return none
    const file = given ?? (relative(folder, path) || path)
    // Which variables the file may read is the command line's to say, never the file's.
    const configEnv = flags['config-env']
    const env = {
      values: process.env,
      named: (Array.isArray(configEnv) ? configEnv : []).flatMap(listOption),
    }
    const name = given === undefined ? file : `--config ${given}`
    return { file, ...loadConfig(path, name, subcommand, shared, own, env) }
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    return { ...none, refused: 'all', problems: [{ reason: error.message, place: 0 }] }
  }
}
