// What scripts/generate.ts makes of openapi.yaml: every module of src/generated/, as text.
// - document.ts: openapi.yaml as data, and validators.ts: Ajv's standalone code of every schema the
//   contract's model names, compiled with the same options as the run-time validator
//   (`createAjv`), so both judge alike. The portable entry (`@devenv/openapi/portable`) runs on
//   them where there is no file system and no `new Function` (a browser under the site's CSP);
// - types.ts: openapi-typescript's types of the contract (`@devenv/openapi/types`);
// - facts.ts: the facts a client applies before sending (`@devenv/openapi/facts`), and the
//   development protocol's paths;
// - dev-protocol-types.ts: openapi-typescript's types of dev-protocol.yaml, the stub's development
//   controls, which `@devenv/openapi/dev-protocol` speaks.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import standaloneCode from 'ajv/dist/standalone/index.js'
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript'
import { ajvSchemaId, createAjv } from '../src/ajv'
import type { OpenApiDocument } from '../src/document'
import {
  DEV_PROTOCOL_DOCUMENT_PATH,
  DEV_PROTOCOL_DOCUMENT_URL,
  loadOpenApiDocument,
  OPENAPI_DOCUMENT_URL,
} from '../src/document-file'
import { apiPrefixesOf, describeOperations } from '../src/operations'
import { namedSchemaKeys } from '../src/validator'
import { factsModule } from './facts'
import { GENERATED_HEADER } from './header'

/** The generated modules by file name (inside src/generated/). */
export type GeneratedModules = ReadonlyMap<string, string>

/**
 * Ajv's CommonJS `require("x").y` in the standalone code, turned into ES imports. A namespace
 * import of CommonJS differs by loader: Node gives `default` = module.exports, bundlers (esbuild,
 * Vite) give module.exports' own `default` and names; `commonJs()` answers module.exports in both.
 */
function toEsModule(code: string): string {
  const imports = new Map<string, string>()
  const body = code.replace(/require\("([^"]+)"\)/g, (_match, specifier: string) => {
    let name = imports.get(specifier)
    if (!name) {
      name = `imported${imports.size}`
      imports.set(specifier, name)
    }
    return name
  })
  const lines = [...imports].flatMap(([specifier, name]) => {
    const path = specifier.endsWith('.js') ? specifier : `${specifier}.js`
    return [
      `import * as ${name}Namespace from ${JSON.stringify(path)}`,
      `const ${name} = commonJs(${name}Namespace)`,
    ]
  })
  const commonJs = [
    'function commonJs(namespace) {',
    '  const exports = namespace.default',
    "  return typeof exports === 'object' && exports !== null ? exports : namespace",
    '}',
  ]
  return `${lines.join('\n')}\n${commonJs.join('\n')}\n${body}`
}

function validatorsModule(document: OpenApiDocument): string {
  const keys = namedSchemaKeys(document, describeOperations(document, apiPrefixesOf(document)))
  const ajv = createAjv(document, { code: { source: true, esm: true, lines: false } })
  const exports = Object.fromEntries(keys.map((key, index) => [`check${index}`, ajvSchemaId(key)]))
  const code = toEsModule(standaloneCode(ajv, exports))
  const table = keys.map((key, index) => `  ${JSON.stringify(key)}: check${index},`).join('\n')
  return [
    GENERATED_HEADER,
    '// @ts-nocheck',
    code.replace('"use strict";', ''),
    '/** The compiled check of every schema the contract names, by normalised JSON pointer. */',
    `export const PRECOMPILED_CHECKS = {\n${table}\n}`,
    '',
  ].join('\n')
}

function documentModule(document: OpenApiDocument): string {
  return [
    GENERATED_HEADER,
    "import type { OpenApiDocument } from '../document'",
    '',
    '/** openapi.yaml, parsed. A JSON string literal parses faster than the same object literal. */',
    `export const OPENAPI_DOCUMENT: OpenApiDocument = JSON.parse(${JSON.stringify(JSON.stringify(document))})`,
    '',
  ].join('\n')
}

/** openapi-typescript's types of the contract, as its command line writes them. */
async function typesModule(source: URL): Promise<string> {
  return `${COMMENT_HEADER}${astToString(await openapiTS(source, { silent: true }))}`
}

/** Every module of src/generated/, made of `document` (read from `source`). */
export async function generatedModules(
  document: OpenApiDocument,
  source: URL = OPENAPI_DOCUMENT_URL,
): Promise<GeneratedModules> {
  return new Map([
    ['document.ts', documentModule(document)],
    ['validators.ts', validatorsModule(document)],
    ['types.ts', await typesModule(source)],
    ['facts.ts', factsModule(document, loadOpenApiDocument(DEV_PROTOCOL_DOCUMENT_PATH))],
    ['dev-protocol-types.ts', await typesModule(DEV_PROTOCOL_DOCUMENT_URL)],
  ])
}

function readOrNothing(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return undefined
  }
}

/** The modules whose file in `dir` is missing or differs from what openapi.yaml makes today. */
export function staleModules(modules: GeneratedModules, dir: string): string[] {
  return [...modules]
    .filter(([file, text]) => readOrNothing(join(dir, file)) !== text)
    .map(([file]) => file)
}

/**
 * Writes the stale modules into `dir` and names them. A fresh file is left untouched, so a run
 * beside the tests that read it changes nothing under them, and its time stamp stays.
 */
export function writeStaleModules(modules: GeneratedModules, dir: string): string[] {
  const stale = staleModules(modules, dir)
  mkdirSync(dir, { recursive: true })
  for (const file of stale) writeFileSync(join(dir, file), modules.get(file) ?? '')
  return stale
}
