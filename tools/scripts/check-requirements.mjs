// Part of lint:root: every requirement of docs/requirements.md is cited by at least one test that
// proves it, and every requirement id a test file names is in the register. A requirement no test
// names is a promise nobody checks; an id the register lacks points a reader nowhere.
//
// A citation counts only where a run shows it: in a test's title (`it('… (AUTH-5)')`, `describe`,
// `it.each(…)('…')`, Playwright's `test`, `test.describe`, `test.step`) or in an assertion's message
// (`expect(value, '… AUTH-5 …')`). A comment above a test is read by nobody when the test fails, and
// it stays behind when the test under it is rewritten to prove something else.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

const root = new URL('../..', import.meta.url).pathname
const REGISTER = 'docs/requirements.md'

// ---------------------------------------------------------------------------------------------
// A lexer for test files, just enough to tell strings from comments and to find calls with their
// arguments: strings ('…', "…", `…${…}…`), regular expressions (whose quotes are no strings),
// comments (dropped), names and punctuation. TypeScript types and JSX lex as names and punctuation;
// JSX text such as `<p>Don't</p>` opens no string, because a quoted string ends with its line.

const NAME = /[\w$]/
// After these words a `/` opens a regular expression, as after an operator; after any other name
// it divides.
const KEYWORDS_BEFORE_EXPRESSION = new Set([
  'return',
  'typeof',
  'instanceof',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'case',
  'do',
  'else',
  'yield',
  'await',
])

// Lexes from `start` to the end of `src` or, with `inTemplate`, to the `}` that closes a `${`.
// Returns the tokens and the index after the last character read.
function lex(src, start = 0, inTemplate = false) {
  const tokens = []
  let i = start
  let depth = 0
  const regexAllowed = () => {
    const last = tokens.at(-1)
    if (last === undefined) return true
    if (last.type === 'name') return KEYWORDS_BEFORE_EXPRESSION.has(last.value)
    if (last.type === 'punct') return !')]}'.includes(last.value)
    return false
  }
  while (i < src.length) {
    const c = src[i]
    const next = src[i + 1]
    if (/\s/.test(c)) {
      i += 1
    } else if (c === '/' && next === '/') {
      const end = src.indexOf('\n', i)
      i = end === -1 ? src.length : end
    } else if (c === '/' && next === '*') {
      const end = src.indexOf('*/', i + 2)
      i = end === -1 ? src.length : end + 2
    } else if (c === "'" || c === '"') {
      const end = quotedEnd(src, i)
      if (end === -1) {
        // No closing quote on the line: an apostrophe of JSX text, not a string.
        tokens.push({ type: 'punct', value: c })
        i += 1
      } else {
        tokens.push({ type: 'string', value: src.slice(i + 1, end) })
        i = end + 1
      }
    } else if (c === '`') {
      const template = lexTemplate(src, i + 1)
      tokens.push({ type: 'string', value: template.text })
      i = template.end
    } else if (c === '/' && regexAllowed()) {
      const end = regexEnd(src, i)
      if (end === -1) {
        tokens.push({ type: 'punct', value: c })
        i += 1
      } else {
        tokens.push({ type: 'regex', value: src.slice(i, end) })
        i = end
      }
    } else if (NAME.test(c)) {
      let end = i + 1
      while (end < src.length && NAME.test(src[end])) end += 1
      tokens.push({ type: 'name', value: src.slice(i, end) })
      i = end
    } else {
      if (inTemplate && c === '{') depth += 1
      if (inTemplate && c === '}') {
        if (depth === 0) return { tokens, end: i + 1 }
        depth -= 1
      }
      tokens.push({ type: 'punct', value: c })
      i += 1
    }
  }
  return { tokens, end: i }
}

// The index of the quote that closes the string opened at `start`, or -1 when the line ends first.
function quotedEnd(src, start) {
  const quote = src[start]
  for (let i = start + 1; i < src.length; i += 1) {
    if (src[i] === '\\') i += 1
    else if (src[i] === quote) return i
    else if (src[i] === '\n') return -1
  }
  return -1
}

// The index after a regular expression literal opened at `start` (its flags included), or -1 when
// the line ends first.
function regexEnd(src, start) {
  let inClass = false
  for (let i = start + 1; i < src.length; i += 1) {
    const c = src[i]
    if (c === '\\') i += 1
    else if (c === '\n') return -1
    else if (c === '[') inClass = true
    else if (c === ']') inClass = false
    else if (c === '/' && !inClass) {
      let end = i + 1
      while (end < src.length && /[a-z]/i.test(src[end])) end += 1
      return end
    }
  }
  return -1
}

// A template literal from after its backtick: its text is the literal parts and the strings of its
// `${…}` parts, as a title built from it reads them.
function lexTemplate(src, start) {
  let text = ''
  let i = start
  while (i < src.length) {
    const c = src[i]
    if (c === '\\') {
      text += src.slice(i, i + 2)
      i += 2
    } else if (c === '`') {
      return { text, end: i + 1 }
    } else if (c === '$' && src[i + 1] === '{') {
      const inner = lex(src, i + 2, true)
      for (const token of inner.tokens) if (token.type === 'string') text += ` ${token.value} `
      i = inner.end
    } else {
      text += c
      i += 1
    }
  }
  return { text, end: i }
}

// The arguments of the call whose `(` is tokens[open]: each a list of tokens, and the index after
// the closing `)`.
function callArguments(tokens, open) {
  const args = [[]]
  let depth = 0
  for (let i = open + 1; i < tokens.length; i += 1) {
    const token = tokens[i]
    if (token.type === 'punct' && '([{'.includes(token.value)) depth += 1
    if (token.type === 'punct' && ')]}'.includes(token.value)) {
      if (depth === 0) return { args, end: i + 1 }
      depth -= 1
    }
    if (depth === 0 && token.type === 'punct' && token.value === ',') args.push([])
    else args.at(-1).push(token)
  }
  return { args, end: tokens.length }
}

const isPunct = (token, value) => token?.type === 'punct' && token.value === value

// The test functions whose first argument is a title, and the members of theirs that still take
// one. `skip`, `todo` and `fixme` are left out: a test that does not run proves nothing.
const TITLED = new Set(['it', 'test', 'describe', 'suite'])
const TITLED_MEMBERS = new Set([
  'only',
  'concurrent',
  'sequential',
  'shuffle',
  'fails',
  'describe',
  'serial',
  'parallel',
  'step',
  // These take their table or condition first; the call they return takes the title.
  'each',
  'for',
  'runIf',
  'skipIf',
])
const TABLE_MEMBERS = new Set(['each', 'for', 'runIf', 'skipIf'])
// `expect(value, message)`, `expect.soft(value, message)`, and `expect.poll(fn, { message })`.
const EXPECT_MEMBERS = new Set(['soft', 'poll'])

const stringsOf = (tokens) =>
  tokens.filter((token) => token.type === 'string').map((token) => token.value)

// The names a file gives the test functions on import: `import { test as stubTest } from …`.
function importedAliases(tokens) {
  const aliases = new Map()
  for (let i = 0; i + 2 < tokens.length; i += 1) {
    const [name, as, alias] = [tokens[i], tokens[i + 1], tokens[i + 2]]
    if (name.type !== 'name' || as.type !== 'name' || as.value !== 'as') continue
    if (alias.type === 'name' && (TITLED.has(name.value) || name.value === 'expect')) {
      aliases.set(alias.value, name.value)
    }
  }
  return aliases
}

// The index after the type arguments that open at tokens[at] (`it.each<[string, number]>(…)`),
// or `at` when there are none.
function afterTypeArguments(tokens, at) {
  if (!isPunct(tokens[at], '<')) return at
  let depth = 0
  for (let i = at; i < tokens.length; i += 1) {
    if (isPunct(tokens[i], '<')) depth += 1
    else if (isPunct(tokens[i], '>') && !isPunct(tokens[i - 1], '=')) {
      depth -= 1
      if (depth === 0) return i + 1
    }
  }
  return at
}

// The texts a run shows for the test file `src`: its tests' titles and its assertions' messages.
function shownTexts(src) {
  const { tokens } = lex(src)
  const aliases = importedAliases(tokens)
  const texts = []
  for (let i = 0; i < tokens.length; i += 1) {
    const head = tokens[i]
    if (head.type !== 'name') continue
    const base = aliases.get(head.value) ?? head.value
    if (!(TITLED.has(base) || base === 'expect')) continue
    // `pattern.test(text)` or `store.describe(…)` is a method of something else.
    if (isPunct(tokens[i - 1], '.')) continue
    const isExpect = base === 'expect'
    const members = []
    let at = i + 1
    while (isPunct(tokens[at], '.') && tokens[at + 1]?.type === 'name') {
      members.push(tokens[at + 1].value)
      at += 2
    }
    const allowed = isExpect ? EXPECT_MEMBERS : TITLED_MEMBERS
    if (!members.every((member) => allowed.has(member))) continue
    at = afterTypeArguments(tokens, at)
    if (!isExpect && members.some((member) => TABLE_MEMBERS.has(member))) {
      // The table: a tagged template (one string token) or a call.
      if (tokens[at]?.type === 'string') at += 1
      else if (isPunct(tokens[at], '(')) at = callArguments(tokens, at).end
      else continue
      at = afterTypeArguments(tokens, at)
    }
    if (!isPunct(tokens[at], '(')) continue
    const { args } = callArguments(tokens, at)
    const shown = isExpect ? args[1] : args[0]
    if (shown !== undefined) texts.push(...stringsOf(shown))
  }
  return texts
}

// The lexer's cases, checked on every run: a change that breaks one would make the check pass
// requirements no test proves, or fail ones that are proved.
const LEXER_CASES = [
  ["it('logs in (AUTH-2)', () => {})", ['AUTH-2']],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the source of a template-literal title
  ["test(`${name}: AUTH-8's text`, async () => {})", ['AUTH-8']],
  ['describe.each([[1], [2]])("case %i (PLAN-1)", () => {})', ['PLAN-1']],
  ['it.each`\n  a | b\n`(\n  "multi-line %s (PLAN-2)",\n  () => {},\n)', ['PLAN-2']],
  ["test.describe('the bar (SITE-7)', () => {})", ['SITE-7']],
  ["test.describe.serial('x', () => { test.step('step (SITE-8)', async () => {}) })", ['SITE-8']],
  ["expect(page, 'the greeting toggles the menu (SITE-7)').toBe(1)", ['SITE-7']],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the source of a template-literal message
  ["expect.soft(a, `b ${'SITE-1'}`).toBe(1)", ['SITE-1']],
  [
    "import { test as stubTest } from './stub'\nstubTest('aliased (SITE-2)', async () => {})",
    ['SITE-2'],
  ],
  ["it.each<[number]>([[1]])('typed table %i (SITE-4)', () => {})", ['SITE-4']],
  ["// SITE-5\nit('redirects', () => {})", []],
  ["/* SITE-5 */ it('redirects', () => { /* AUTH-2 */ })", []],
  // A comment right after a name, where a slash would divide: still a comment.
  ["it(title /* 'SITE-5' */ + ' (x)', () => {})", []],
  ["it(title // 'SITE-6'\n  , () => {})", []],
  ["it('x', () => { const note = 'SITE-5' })", []],
  ["/SITE-5/.test('AUTH-2'); store.describe('SITE-1')", []],
  ["expect(value).toBe('SITE-5'); expect(screen.getByText('AUTH-2'))", []],
  ["it.skip('not run (SITE-5)', () => {}); test.fixme('(SITE-6)', () => {})", []],
  ["render(<p>Don't</p>)\nit('after JSX text (SITE-9)', () => {})", ['SITE-9']],
  ["const r = /it\\('SITE-4'/\nit('after a regex (SITE-3)', () => {})", ['SITE-3']],
]
for (const [src, expected] of LEXER_CASES) {
  const found = [
    ...shownTexts(src)
      .join(' ')
      .matchAll(/\b[A-Z]+-\d+\b/g),
  ].map((m) => m[0])
  if (found.join() !== expected.join()) {
    console.error(`check-requirements: the lexer reads ${JSON.stringify(src)} as citing`)
    console.error(`  [${found.join(', ')}], not [${expected.join(', ')}]`)
    process.exit(2)
  }
}

// ---------------------------------------------------------------------------------------------

// An entry of the register is a list item that opens with its id in bold: `- **AUTH-5** ...`.
const registered = [
  ...readFileSync(join(root, REGISTER), 'utf8').matchAll(/^- \*\*([A-Z]+-\d+)\*\*/gm),
].map((match) => match[1])
const problems = []
const seen = new Set()
for (const id of registered) {
  if (seen.has(id)) problems.push(`${REGISTER}: ${id} is defined twice`)
  seen.add(id)
}
if (registered.length === 0) problems.push(`${REGISTER}: no requirement ids found`)

const SKIPPED = new Set(['node_modules', 'dist', 'reports', 'coverage', 'test-results'])
const TEST_FILE = /\.(test\.tsx?|spec\.ts)$/

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name) || entry.name.startsWith('.')) return []
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return testFiles(path)
    return TEST_FILE.test(entry.name) ? [path] : []
  })
}

// Only the register's areas are ids here: `UTF-8` or `ES-2022` in a test is no citation.
const areas = [...new Set(registered.map((id) => id.slice(0, id.indexOf('-'))))]
const ID = new RegExp(`\\b(?:${areas.join('|')})-\\d+\\b`, 'g')

const add = (map, id, file) => {
  if (!map.has(id)) map.set(id, new Set())
  map.get(id).add(file)
}
// Where a test's title or an assertion's message names the id: what counts as proof.
const citedBy = new Map()
// Where the id is named at all, comments included: each must point at an entry of the register.
const namedBy = new Map()
const files = testFiles(root)
for (const file of files) {
  const name = relative(root, file)
  const text = readFileSync(file, 'utf8')
  for (const [id] of text.matchAll(ID)) add(namedBy, id, name)
  for (const shown of shownTexts(text)) {
    for (const [id] of shown.matchAll(ID)) add(citedBy, id, name)
  }
}

for (const id of registered) {
  if (citedBy.has(id)) continue
  const where = namedBy.has(id) ? ` (only outside one: ${[...namedBy.get(id)].join(', ')})` : ''
  problems.push(`${REGISTER}: ${id} is cited by no test's title or assertion message${where}`)
}
for (const [id, naming] of namedBy) {
  if (seen.has(id)) continue
  for (const file of naming) problems.push(`${file}: names ${id}, which ${REGISTER} does not hold`)
}

if (problems.length > 0) {
  for (const line of problems) console.error(line)
  console.error(`Requirements: ${problems.length} problem(s).`)
  process.exit(1)
}
const citations = [...citedBy.values()].reduce((sum, citing) => sum + citing.size, 0)
console.log(
  `The ${registered.length} requirements are each cited by a test's title or an assertion's message ` +
    `(${citations} citations in ${files.length} test files); no test file names another id.`,
)
