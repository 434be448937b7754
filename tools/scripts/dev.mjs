// README command 1, once dev.sh has installed what is missing: starts the parts of the development
// set-up, prints their addresses once every one of them answers, and stops them all together.
//   node tools/scripts/dev.mjs [--stub=server|browser]
// - server (the default): the stub API (Fastify, `tsx watch`) and the site (Vite), /api proxied;
// - browser: the site alone, the stub inside the page (MSW's service worker).
// A part that stops, or does not answer within the bound, ends the command with one line naming
// it and why, exit 1: a newcomer is never left waiting on a dead half (issue 38).
// Ctrl+C (or SIGTERM, SIGHUP) stops every part, each process group whole, and exits 0.
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { stripVTControlCharacters } from 'node:util'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
/** Ends a start that hangs only: a cold start answers in seconds, under one CPU in tens. */
const START_BOUND_MS = Number(process.env.DEV_START_BOUND_MS ?? 300_000)
/** How long a part has to stop on SIGTERM before it is killed. */
const STOP_GRACE_MS = 5_000

/** One line of the command's own, told apart from the parts' output. */
const say = (line) => process.stdout.write(`dev: ${line}\n`)

function parseArguments(argv) {
  let stub = 'server'
  for (const argument of argv) {
    const match = /^--stub=(server|browser)$/.exec(argument)
    if (!match) {
      console.error(`dev: unknown option '${argument}' (use --stub=server or --stub=browser)`)
      process.exit(2)
    }
    stub = match[1]
  }
  return { stub }
}

function portOf(variable, fallback) {
  const value = process.env[variable] ?? String(fallback)
  const port = Number(value)
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    console.error(`dev: ${variable}=${value} is not a port (1 to 65535)`)
    process.exit(2)
  }
  return port
}

/** The parts to start, each with the address that says it is up. */
function partsOf(stub, webPort, stubPort) {
  const site = `http://127.0.0.1:${webPort}`
  const api = `http://127.0.0.1:${stubPort}`
  const siteEnv = { WEB_DEV_PORT: String(webPort) }
  if (stub === 'browser') {
    return [
      {
        name: 'site',
        title: 'the site (Vite, stub in the browser)',
        script: ['--filter', '@devenv/web', 'run', 'dev:browser-stub'],
        env: siteEnv,
        url: `${site}/`,
      },
    ]
  }
  return [
    {
      name: 'stub',
      title: 'the stub API (Fastify)',
      // Not watched: `tsx watch` outlives a crashed stub, waiting for an edit, where this command
      // must say the stub stopped (a watching stub: pnpm --filter @devenv/stub-api dev).
      script: ['--filter', '@devenv/stub-api', 'run', 'dev:once'],
      // Mails link to this site, on whatever port it has.
      env: { PORT: String(stubPort), HOST: '127.0.0.1', SITE_URL: site },
      url: `${api}/api/health`,
    },
    {
      name: 'site',
      title: 'the site (Vite)',
      script: ['--filter', '@devenv/web', 'run', 'dev'],
      // Vite proxies /api to this stub, and the Dashboard's single sign-on lands on its receiver.
      env: { ...siteEnv, PORT: String(stubPort), VITE_ADMIN_PANEL_URL: `${api}/__dev/sso` },
      url: `${site}/`,
    },
  ]
}

/** Whether nothing listens on the port of 127.0.0.1 (binds it and lets it go). */
function isFree(port) {
  return new Promise((done) => {
    const server = createServer()
    server.once('error', () => done(false))
    server.listen({ host: '127.0.0.1', port, exclusive: true }, () =>
      server.close(() => done(true)),
    )
  })
}

/** Keeps a part's last lines: the reason it stopped is among them. */
function tail(size) {
  const lines = []
  return {
    push(line) {
      lines.push(line)
      if (lines.length > size) lines.shift()
    },
    /** The last line that reads like an error, else the last line. */
    reason() {
      const plain = lines.map((line) => stripVTControlCharacters(line).trim()).filter(Boolean)
      const error = plain.findLast((line) =>
        /error|cannot|failed|EADDRINUSE|in use|not found|ERR_/i.test(line),
      )
      return error ?? plain.at(-1) ?? 'it printed nothing'
    },
  }
}

/** Starts a part in a process group of its own (so that it stops whole), its lines prefixed. */
function start(part) {
  const child = spawn('pnpm', ['--silent', ...part.script], {
    cwd: ROOT,
    // The parts write into a pipe: colours only where this command's own output is a terminal.
    env: {
      ...process.env,
      ...part.env,
      ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : { NO_COLOR: '1' }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  const last = tail(40)
  const prefix = `${part.name.padEnd(4)} │ `
  for (const stream of [child.stdout, child.stderr]) {
    let pending = ''
    stream.setEncoding('utf8')
    stream.on('data', (chunk) => {
      const lines = (pending + chunk).split('\n')
      pending = lines.pop() ?? ''
      for (const line of lines) {
        last.push(line)
        process.stdout.write(`${prefix}${line}\n`)
      }
    })
  }
  const exited = new Promise((done) => child.once('exit', (code, signal) => done({ code, signal })))
  return { part, child, last, exited }
}

/** Whether the address answers with a status under 500. */
async function answers(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) })
    await response.body?.cancel()
    return response.status < 500
  } catch {
    return false
  }
}

function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal)
  } catch {
    // The group has gone already.
  }
}

/** SIGTERM to every part's group, then SIGKILL to what is left after the grace. */
async function stopAll(running) {
  for (const { child } of running) signalGroup(child, 'SIGTERM')
  const grace = setTimeout(() => {
    for (const { child } of running) signalGroup(child, 'SIGKILL')
  }, STOP_GRACE_MS)
  await Promise.all(running.map(({ exited }) => exited))
  clearTimeout(grace)
  // A grandchild that outlived its leader (a watcher's worker) goes with the group.
  for (const { child } of running) signalGroup(child, 'SIGKILL')
}

function banner(stub, parts, seconds) {
  const site = parts.find((part) => part.name === 'site').url
  const lines = [
    '',
    `  Ready in ${seconds.toFixed(1)} s.`,
    '',
    stub === 'browser'
      ? `  Site (development, stub in the browser):  ${site}`
      : `  Site (development):  ${site}`,
  ]
  if (stub === 'browser') {
    lines.push(
      '  No API server: the page answers /api itself (its log: the browser console and this terminal).',
      '  Mailbox and seeded accounts: the Demo panel at the bottom of every page.',
    )
  } else {
    const api = new URL(parts.find((part) => part.name === 'stub').url).origin
    lines.push(
      `  Stub API:            ${api}/api (reference ${api}/docs)`,
      `  Mailbox:             ${api}/__dev/mailbox.html  (activation and reset mails; the stub's port, not the site's)`,
    )
  }
  lines.push(
    '  Sign in with a seeded account: demo@devenv.example (README, "Your first hour", gives its password).',
    '',
    '  Stop with Ctrl+C.',
    '',
  )
  process.stdout.write(`${lines.join('\n')}\n`)
}

async function main() {
  const { stub } = parseArguments(process.argv.slice(2))
  const webPort = portOf('WEB_DEV_PORT', 5173)
  const stubPort = portOf('PORT', 4010)
  const parts = partsOf(stub, webPort, stubPort)
  // Checked first: otherwise a server left running there would answer for a part that failed.
  for (const part of parts) {
    const port = Number(new URL(part.url).port)
    if (!(await isFree(port))) {
      const variable = part.name === 'stub' ? 'PORT' : 'WEB_DEV_PORT'
      console.error(
        `dev: port ${port} is taken, and ${part.title} needs it: stop what listens there, or set ${variable}=another port`,
      )
      process.exit(1)
    }
  }
  const began = performance.now()
  const running = parts.map(start)

  let stopping = false
  const finish = async (code, line) => {
    if (stopping) return
    stopping = true
    if (line) say(line)
    await stopAll(running)
    process.exit(code)
  }
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(
      signal,
      () => void finish(0, `${signal}: stopping ${parts.map((p) => p.name).join(' and ')}`),
    )
  }
  for (const { part, exited, last } of running) {
    void exited.then(({ code, signal }) => {
      const how = code === null ? `signal ${signal}` : `exit code ${code}`
      void finish(1, `${part.title} stopped (${how}): ${last.reason()}`)
    })
  }

  const deadline = Date.now() + START_BOUND_MS
  for (const part of parts) {
    while (!stopping && !(await answers(part.url))) {
      if (Date.now() > deadline) {
        const { last } = running.find((entry) => entry.part === part)
        await finish(
          1,
          `${part.title} did not answer at ${part.url} within ${START_BOUND_MS / 1000} s; its last line: ${last.reason()}`,
        )
        return
      }
      await new Promise((done) => setTimeout(done, 250))
    }
  }
  if (!stopping) banner(stub, parts, (performance.now() - began) / 1000)
}

await main()
