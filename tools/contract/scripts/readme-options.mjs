// Writes the reference's option tables (docs/*.md) from the option specs
// (src/cli/command-specs.ts); the test beside them (src/cli/readme-options.test.ts) fails while a
// page says otherwise.
import { readFileSync, writeFileSync } from 'node:fs'
import { OPTION_PAGES, pageWithOptionTables, staleOptionTables } from '../src/cli/readme-options.ts'

for (const [page, names] of Object.entries(OPTION_PAGES)) {
  const path = new URL(`../${page}`, import.meta.url)
  const text = readFileSync(path, 'utf8')
  const stale = staleOptionTables(text, names)
  writeFileSync(path, pageWithOptionTables(text, names))
  console.log(
    stale.length === 0
      ? `${page} option tables: up to date`
      : `${page} option tables rewritten: ${stale.join(', ')}`,
  )
}
