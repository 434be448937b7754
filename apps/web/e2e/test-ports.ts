import { readdirSync, readFileSync, readlinkSync } from 'node:fs'
import { createServer } from 'node:net'

/**
 * The ports of the browser suites' servers. Unless one is given (PW_WEB_PORT, PW_STUB_PORT,
 * PW_DEMO_PORT), the runner takes a free one and writes it into the environment that its workers
 * and web servers inherit, so a server left behind by another run cannot disturb this one.
 */

/** Runs once per run: Playwright loads the config again in every worker, which must not pick. */
const inRunner = process.env.TEST_WORKER_INDEX === undefined

/** Variables this run filled with a free port (so a second reading of the config knows them). */
const PICKED = 'PW_PICKED_PORTS'

/**
 * Preloaded into every server the suites start (relative to apps/web, the servers' directory):
 * the server ends when the runner goes, even by kill -9.
 */
export const EXIT_WITH_RUNNER = '../../tools/scripts/exit-with-parent.mjs'

/**
 * Printed by the held test of servers-hold.spec.ts once it runs: test-servers.spec.ts stops that
 * run only after this line, while the test is under way.
 */
export const HOLDING_LINE = 'holding the web servers until the run is stopped'

/** Binds the port on 127.0.0.1 and lets it go: the port bound, or null when it is taken. */
export function listenOn(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(null))
    server.listen({ host: '127.0.0.1', port, exclusive: true }, () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : null))
    })
  })
}

/** The process listening on a TCP port of this machine, read from /proc, e.g. `pid 41 (node cli.js)`. */
export function portHolder(port: number): string | null {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0')
  const inodes = new Set<string>()
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let lines: string[] = []
    try {
      lines = readFileSync(table, 'utf8').split('\n').slice(1)
    } catch {
      continue
    }
    for (const line of lines) {
      const [, local = '', , state, , , , , , inode = ''] = line.trim().split(/\s+/)
      // 0A is LISTEN.
      if (state === '0A' && local.endsWith(`:${hexPort}`)) inodes.add(inode)
    }
  }
  if (inodes.size === 0) return null
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let descriptors: string[] = []
    try {
      descriptors = readdirSync(`/proc/${pid}/fd`)
    } catch {
      continue
    }
    for (const descriptor of descriptors) {
      let target = ''
      try {
        target = readlinkSync(`/proc/${pid}/fd/${descriptor}`)
      } catch {
        continue
      }
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1]
      if (inode && inodes.has(inode)) {
        const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim()
        return `pid ${pid} (${command})`
      }
    }
  }
  return 'a process this user cannot see'
}

export type TestPort = {
  port: number
  /** Reuse a server already listening there: only on a port given by hand, outside CI. */
  reuse: boolean
}

/**
 * The port in `variable`, or a free one written into it. A port given in CI (no reuse of running
 * servers) that is taken ends the run with one line naming the process that holds it.
 */
export async function testPort(variable: string): Promise<TestPort> {
  const picked = (process.env[PICKED] ?? '').split(',')
  const given = process.env[variable]
  if (given === undefined || given === '') {
    if (!inRunner) throw new Error(`${variable} is unset in a worker: the runner sets it`)
    const free = await listenOn(0)
    if (free === null) throw new Error(`no free port on 127.0.0.1 for ${variable}`)
    process.env[variable] = String(free)
    process.env[PICKED] = [...picked, variable].filter(Boolean).join(',')
    return { port: free, reuse: false }
  }
  const port = Number(given)
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${variable}=${given} is no port`)
  }
  const byHand = !picked.includes(variable)
  if (inRunner && byHand && process.env.CI && (await listenOn(port)) === null) {
    const holder = portHolder(port) ?? 'another process'
    console.error(
      `Port ${port} (${variable}) is taken by ${holder}: stop it, or leave ${variable} unset for a free port.`,
    )
    process.exit(1)
  }
  return { port, reuse: byHand && !process.env.CI }
}
