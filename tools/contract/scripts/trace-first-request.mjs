// The files of the toolkit a `check` run walks through from the binary to its first request, as
// its call stack says it, not as someone read it: every function of src/ is made to note its entry
// (a load hook after tsx's inserts the call), the stack at each entry says which file called which,
// and a fetch that stands in for the network ends the walk at the first request. Prints the path,
// its distinct files and its returns: a call into a file the path had left. A caller resuming is no
// return, nor is a call from the very call site that entered that file before (a loop over readers
// reads as one step); a module's top level, run at import, is counted apart.
//   node --conditions=@devenv/source --import tsx scripts/trace-first-request.mjs [args of check]

import { mkdtempSync, rmSync } from 'node:fs'
import { register } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { isMainThread } from 'node:worker_threads'

const SOURCE = fileURLToPath(new URL('../src/', import.meta.url))
const REQUEST = '(the first request)'

// ---- The load hook (tsx's output, instrumented), in the loader's own thread ----

/** TypeScript's parser, loaded in the hook's thread with the first file of src/. */
let ts
const ENTER = 'globalThis.__contractTraceEnter?.();'
const MODULE = (step) => `globalThis.__contractTraceModule?.(${step});`

/** A module of src/ as tsx made it, each function noting its entry, its top level bracketed. */
function instrumented(source, file) {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS)
  const inserts = []
  let topLevelAwait = false
  const visit = (node, inFunction) => {
    if (ts.isAwaitExpression(node) && !inFunction) topLevelAwait = true
    const isFunction = ts.isFunctionLike(node) && node.body !== undefined
    if (isFunction) {
      const body = node.body
      if (ts.isBlock(body)) inserts.push([body.getStart(tree) + 1, ENTER])
      else {
        inserts.push([body.getStart(tree), `(${ENTER.slice(0, -1)}, `])
        inserts.push([body.getEnd(), ')'])
      }
    }
    ts.forEachChild(node, (child) => visit(child, inFunction || isFunction))
  }
  visit(tree, false)
  // The binary's own top level runs the whole command (a top-level await): it is no import.
  if (!topLevelAwait) {
    const start = source.startsWith('#!') ? source.indexOf('\n') + 1 : 0
    inserts.push([start, MODULE(1)], [source.length, `\n${MODULE(-1)}`])
  }
  let text = source
  for (const [at, what] of inserts.sort((a, b) => b[0] - a[0]))
    text = text.slice(0, at) + what + text.slice(at)
  return text
}

export async function load(url, context, nextLoad) {
  const loaded = await nextLoad(url, context)
  if (!url.startsWith('file:') || !/\.tsx?$/.test(url)) return loaded
  const file = fileURLToPath(url)
  if (!file.startsWith(SOURCE) || loaded.source == null) return loaded
  ts ??= (await import('typescript')).default
  return { ...loaded, source: instrumented(String(loaded.source), file) }
}

// ---- The walk, in the command's thread ----

/** The toolkit's frames on the stack, innermost first: file (under src/), function, call site. */
function toolkitFrames() {
  const prepare = Error.prepareStackTrace
  const limit = Error.stackTraceLimit
  Error.prepareStackTrace = (_, sites) => sites
  Error.stackTraceLimit = Number.POSITIVE_INFINITY
  const holder = {}
  Error.captureStackTrace(holder, toolkitFrames)
  const sites = holder.stack
  Error.prepareStackTrace = prepare
  Error.stackTraceLimit = limit
  return sites.flatMap((site) => {
    let file = site.getFileName() ?? ''
    if (file.startsWith('file:')) file = fileURLToPath(file)
    if (!file.startsWith(SOURCE)) return []
    const name = site.getFunctionName() ?? '(anonymous)'
    return [
      {
        file: file.slice(SOURCE.length),
        name,
        at: `${site.getLineNumber()}:${site.getColumnNumber()}`,
      },
    ]
  })
}

function trace(argv) {
  /** The path: the file the run is in, each time it changes. */
  const path = []
  /** Calls into a file the path had left: where from, and where the file was entered before. */
  const returns = []
  /** Calls again from the call site that entered a file before: a loop's, one step. */
  let repeated = 0
  /** Where each file was last entered from (its caller's call site). */
  const enteredFrom = new Map()
  /** The files that called into another file of the toolkit: the others are helpers. */
  const callingOn = new Set()
  let importing = 0
  let atImport = 0
  const filesAtImport = new Set()

  const step = (file) => {
    if (path.at(-1) !== file) path.push(file)
  }
  /** A function of `top.file` entered, from `below` (the caller's frame) or from its own file. */
  const enter = ([top, below]) => {
    if (top === undefined) return
    if (below === undefined || below.file === top.file) return step(top.file)
    step(below.file)
    callingOn.add(below.file)
    const site = `${below.file}:${below.at}`
    if (path.includes(top.file)) {
      if (enteredFrom.get(top.file) === site) repeated += 1
      else returns.push({ file: top.file, from: `${below.file} (${below.name})` })
    }
    enteredFrom.set(top.file, site)
    path.push(top.file)
  }
  globalThis.__contractTraceModule = (change) => {
    importing += change
  }
  globalThis.__contractTraceEnter = () => {
    const frames = toolkitFrames()
    if (importing === 0) return enter(frames)
    atImport += 1
    if (frames[0]) filesAtImport.add(frames[0].file)
  }

  const report = (ending) => {
    const files = new Set(path.filter((file) => file !== REQUEST))
    const helpers = returns.filter((each) => !callingOn.has(each.file))
    const lines = [
      `check ${argv.join(' ')}: ${ending}`,
      path.join(' → '),
      `${files.size} files, ${path.length} steps; ${returns.length} returns to a file the path had left, ${helpers.length} of them into a helper (a file that calls no other file of the toolkit)`,
      ...returns.map(
        (each) =>
          `  back into ${each.file} from ${each.from}${callingOn.has(each.file) ? '' : ', a helper'}`,
      ),
      `no return: ${repeated} calls again from the call site that had entered a file (a loop's)`,
      `at import, apart: ${atImport} calls in ${filesAtImport.size} files`,
    ]
    process.stdout.write(`${lines.join('\n')}\n`)
  }

  // The network, standing in for it: the first request ends the walk, where the toolkit sends it.
  globalThis.fetch = () => {
    const [sender] = toolkitFrames()
    if (sender) step(sender.file)
    path.push(REQUEST)
    report('the path to its first request')
    process.exit(0)
  }
  process.on('exit', (code) => {
    if (path.at(-1) !== REQUEST) report(`ended (exit ${code}) before any request`)
  })
  return import('../src/cli/bin.ts')
}

if (isMainThread) {
  register(import.meta.url)
  // A folder of its own, so that no configuration file of this one is read.
  const folder = mkdtempSync(join(tmpdir(), 'contract-trace-'))
  process.on('exit', () => rmSync(folder, { recursive: true, force: true }))
  process.env.INIT_CWD = folder
  for (const name of Object.keys(process.env))
    if (name.startsWith('CONTRACT_')) delete process.env[name]
  const given = process.argv.slice(2)
  const argv = given.length > 0 ? given : ['--base-url', 'http://127.0.0.1:4010']
  process.argv = [
    process.argv[0],
    fileURLToPath(new URL('../src/cli/bin.ts', import.meta.url)),
    'check',
    ...argv,
  ]
  // What the command prints is not the walk's business.
  console.error = () => undefined
  console.log = () => undefined
  await trace(argv)
}
