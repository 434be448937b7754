// Generates src/generated/ for the portable entry (`@devenv/openapi/portable`), which runs where
// there is no file system and no `new Function` (a browser under the site's CSP):
// - document.ts: openapi.yaml as data;
// - validators.ts: Ajv's standalone code of every schema the contract's model names, compiled
//   with the same options as the run-time validator (`createAjv`), so both judge alike.
// `--out <dir>` writes elsewhere (scripts/check-generated.mjs compares the two).
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import standaloneCode from 'ajv/dist/standalone/index.js'
import { ajvSchemaId, createAjv } from '../src/ajv'
import { loadOpenApiDocument } from '../src/document-file'
import { apiPrefixesOf, describeOperations } from '../src/operations'
import { namedSchemaKeys } from '../src/validator'

const HEADER =
  '// Generated from openapi/openapi.yaml by scripts/generate-portable.ts. Do not edit.'

const outIndex = process.argv.indexOf('--out')
const outDir = outIndex > 0 ? (process.argv[outIndex + 1] ?? '') : 'src/generated'

const document = loadOpenApiDocument()
const keys = namedSchemaKeys(document, describeOperations(document, apiPrefixesOf(document)))

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

function validatorsModule(): string {
  const ajv = createAjv(document, { code: { source: true, esm: true, lines: false } })
  const exports = Object.fromEntries(keys.map((key, index) => [`check${index}`, ajvSchemaId(key)]))
  const code = toEsModule(standaloneCode(ajv, exports))
  const table = keys.map((key, index) => `  ${JSON.stringify(key)}: check${index},`).join('\n')
  return [
    HEADER,
    '// @ts-nocheck',
    code.replace('"use strict";', ''),
    '/** The compiled check of every schema the contract names, by normalised JSON pointer. */',
    `export const PRECOMPILED_CHECKS = {\n${table}\n}`,
    '',
  ].join('\n')
}

function documentModule(): string {
  return [
    HEADER,
    "import type { OpenApiDocument } from '../document'",
    '',
    '/** openapi.yaml, parsed. A JSON string literal parses faster than the same object literal. */',
    `export const OPENAPI_DOCUMENT: OpenApiDocument = JSON.parse(${JSON.stringify(JSON.stringify(document))})`,
    '',
  ].join('\n')
}

mkdirSync(outDir, { recursive: true })
writeFileSync(join(outDir, 'document.ts'), documentModule())
writeFileSync(join(outDir, 'validators.ts'), validatorsModule())
console.log(`${outDir}: the document and ${keys.length} precompiled schema checks.`)
