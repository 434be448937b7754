import { existsSync, readFileSync } from 'node:fs'
import { basename, extname } from 'node:path'
import type { ParseArgsConfig } from 'node:util'
import { parse as parseYaml } from 'yaml'
import * as z from 'zod'

type OptionSpecs = NonNullable<ParseArgsConfig['options']>

/** What an option holds once read: a flag's value, or the same from the file. */
export type OptionValue = string | boolean | string[]

/** The file looked for in the folder the command is typed in, in this order, when no --config. */
export const CONFIG_FILE_NAMES = [
  'devenv-contract.config.json',
  'devenv-contract.config.yaml',
  'devenv-contract.config.yml',
] as const

/** Options that only make sense on the command line: never keys of the file. */
const COMMAND_LINE_ONLY = new Set(['config', 'help'])

/** The subcommands that may have a section of their own in the file. */
export const CONFIG_SECTIONS = ['check', 'fuzz', 'proxy', 'merge'] as const

export type ConfigFile = {
  /** The path as the user would recognise it: given to --config, or the file's name. */
  name: string
  /** Each key of the file that applies to this subcommand, as the option it sets. */
  values: Record<string, OptionValue>
  /** Where each value came from (`check.timeout`), for messages about it. */
  keys: Record<string, string>
}

/** Bad input in the file: the caller makes it a usage error. */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

/**
 * The configuration file: the one given (`--config`), else the one in `folder`, else none. Two of
 * them in one folder is an error: which one wins would be a guess.
 */
export function findConfigFile(given: string | undefined, folder: string): string | undefined {
  if (given !== undefined) return given
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

/**
 * `${NAME}` in a value is the environment variable's value, as schemathesis.toml does, so secrets
 * stay out of the file. An unset or empty variable is an error: a password that silently became
 * "" would sign in as nobody and fail far from its cause.
 */
function interpolate(value: string, where: string, env: NodeJS.ProcessEnv): string {
  return value.replace(/\$\{([^}]*)\}/g, (_whole, variable: string) => {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(variable))
      throw new ConfigError(`${where}: "\${${variable}}" is not an environment variable's name`)
    const set = env[variable]
    if (set === undefined || set === '')
      throw new ConfigError(`${where} needs the environment variable ${variable}, which is not set`)
    return set
  })
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

/**
 * Reads the file and answers the values it sets for one subcommand: the shared options' keys at
 * the top level, then the subcommand's section (`check`, `fuzz` ...), which overrides them. Every
 * key is checked against the subcommand's options: a key that names none, or holds the wrong type,
 * is an error naming the key and the file. The other subcommands' sections are theirs to check.
 */
export function loadConfig(
  path: string,
  name: string,
  subcommand: string,
  shared: OptionSpecs,
  own: OptionSpecs,
  env: NodeJS.ProcessEnv = process.env,
): ConfigFile {
  const document = parseFile(path, name)
  if (typeof document !== 'object' || document === null || Array.isArray(document))
    throw new ConfigError(`${name} must hold an object of options (keys are the options' names)`)
  const values: Record<string, OptionValue> = {}
  const keys: Record<string, string> = {}
  const sections: readonly string[] = [...CONFIG_SECTIONS, subcommand]
  const apply = (
    entries: Record<string, unknown>,
    specs: OptionSpecs,
    prefix: string,
    elsewhere: string,
  ) => {
    for (const [key, raw] of Object.entries(entries)) {
      if (prefix === '' && sections.includes(key)) continue
      const where = `${name}: ${prefix}${key}`
      const spec = COMMAND_LINE_ONLY.has(key) || !Object.hasOwn(specs, key) ? undefined : specs[key]
      if (!spec) throw new ConfigError(`${where} is not an option ${elsewhere}`)
      const parsed = valueSchema(spec).safeParse(raw)
      if (!parsed.success) throw new ConfigError(`${where} must be ${describeType(spec)}`)
      const value = parsed.data
      values[key] =
        typeof value === 'string'
          ? interpolate(value, where, env)
          : Array.isArray(value)
            ? value.map((each) => interpolate(each, where, env))
            : value
      keys[key] = `${prefix}${key}`
    }
  }
  const top = document as Record<string, unknown>
  const ownNames = Object.keys(own).filter((key) => !Object.hasOwn(shared, key))
  apply(
    top,
    shared,
    '',
    `shared by every subcommand${ownNames.length > 0 ? ` (${subcommand}'s own options go under "${subcommand}")` : ''}`,
  )
  for (const section of sections) {
    const entries = top[section]
    if (
      entries !== undefined &&
      (typeof entries !== 'object' || entries === null || Array.isArray(entries))
    )
      throw new ConfigError(`${name}: ${section} must be an object of ${section}'s options`)
  }
  const section = top[subcommand]
  if (section !== undefined)
    apply(
      section as Record<string, unknown>,
      { ...shared, ...own },
      `${subcommand}.`,
      `of ${subcommand}`,
    )
  return { name, values, keys }
}
