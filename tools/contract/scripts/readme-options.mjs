// Writes the README's option tables from the option specs (src/cli/command-specs.ts); the test
// beside them (src/cli/readme-options.test.ts) fails while the README says otherwise.
import { readFileSync, writeFileSync } from 'node:fs'
import { readmeWithOptionTables, staleOptionTables } from '../src/cli/readme-options.ts'

const path = new URL('../README.md', import.meta.url)
const readme = readFileSync(path, 'utf8')
const stale = staleOptionTables(readme)
writeFileSync(path, readmeWithOptionTables(readme))
console.log(
  stale.length === 0
    ? 'README option tables: up to date'
    : `README option tables rewritten: ${stale.join(', ')}`,
)
