import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { DEMO_ACCOUNT } from '@devenv/openapi/dev-protocol'
import { expect, test } from '@playwright/test'
import { openSignIn, submitSignIn } from '../e2e/auth-helpers'
import { listenOn } from '../e2e/test-ports'

/**
 * README command 1 as a newcomer types it: `npm run dev` in a clean copy of the tree (tracked and
 * unignored files only: no node_modules, no dist/ of any package), with a newcomer's environment.
 * It must install, serve the site and the stub, print the addresses once they answer, let a
 * browser sign in, and on Ctrl+C leave no process behind. It once failed on a fresh clone: Vite
 * needed the domain's dist/ to load its own configuration.
 */

const ROOT = resolve(import.meta.dirname, '../../..')
const READY = /Ready in (\d+(?:\.\d+)?) s\./

/** The processes whose working directory or command line is inside the copy. */
function processesIn(dir: string): string[] {
  const found: string[] = []
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const cwd = readlinkSync(`/proc/${pid}/cwd`)
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ')
      if (cwd.startsWith(dir) || command.includes(dir)) found.push(`pid ${pid}: ${command.trim()}`)
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return found
}

/** Resolves with the command's output once it prints the ready line; rejects if it exits first. */
function readyLine(command: ChildProcess, output: string[]): Promise<number> {
  return new Promise((done, fail) => {
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString())
      const seconds = READY.exec(output.join(''))?.[1]
      if (seconds) done(Number(seconds))
    }
    command.stdout?.on('data', onData)
    command.stderr?.on('data', onData)
    command.once('exit', (code, signal) =>
      fail(
        new Error(`npm run dev ended (${code ?? signal}) before it was ready:\n${output.join('')}`),
      ),
    )
  })
}

test('npm run dev in a clean copy serves the site and the stub, a visitor signs in, Ctrl+C leaves nothing', async ({
  page,
}) => {
  // An install into an empty tree, then a cold Vite: three times the default bound.
  test.slow()
  const copy = mkdtempSync(join(tmpdir(), 'devenv-newcomer-'))
  let command: ChildProcess | undefined
  try {
    execFileSync('node', [join(ROOT, 'tools/scripts/remote-cache.mjs'), 'prepare', copy])
    const webPort = await listenOn(0)
    const stubPort = await listenOn(0)
    if (webPort === null || stubPort === null) throw new Error('no free port on 127.0.0.1')
    // A newcomer's shell: none of this run's variables (ports, turbo, the task-cost shell).
    const newcomer = Object.fromEntries(
      ['PATH', 'HOME', 'LANG', 'TMPDIR', 'CHROME_PATH']
        .filter((name) => process.env[name] !== undefined)
        .map((name) => [name, process.env[name] as string]),
    )
    const began = Date.now()
    // Its own process group, as a terminal's job: Ctrl+C signals the whole group.
    command = spawn('npm', ['run', 'dev'], {
      cwd: copy,
      detached: true,
      env: { ...newcomer, WEB_DEV_PORT: String(webPort), PORT: String(stubPort) },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const exited = new Promise<number | string | null>((done) =>
      command?.once('exit', (code, signal) => done(code ?? signal)),
    )
    const output: string[] = []
    const readyIn = await readyLine(command, output)
    test.info().annotations.push({
      type: 'npm run dev',
      description: `ready in ${readyIn} s by its own count, ${((Date.now() - began) / 1000).toFixed(1)} s from the command, install included`,
    })

    // The addresses it printed answer.
    const site = `http://127.0.0.1:${webPort}`
    const stub = `http://127.0.0.1:${stubPort}`
    expect(output.join('')).toContain(`${site}/`)
    expect(output.join('')).toContain(`${stub}/__dev/mailbox.html`)
    expect((await fetch(`${stub}/api/health`)).status).toBe(200)
    expect((await fetch(`${site}/api/health`)).status).toBe(200)

    // A visitor signs in with the seeded account the README names.
    await page.goto(`${site}/`)
    await submitSignIn(await openSignIn(page), DEMO_ACCOUNT)
    await expect(page).toHaveURL(/\/admin$/)
    await expect(page.getByRole('button', { name: 'Demo User' })).toBeVisible()
    await page.close()

    // Ctrl+C: every process of the command goes, and its ports are free again.
    process.kill(-(command.pid as number), 'SIGINT')
    const status = await exited
    expect([0, 130, 'SIGINT']).toContain(status)
    await expect.poll(() => processesIn(copy), { timeout: 20_000 }).toEqual([])
    expect(await listenOn(webPort)).toBe(webPort)
    expect(await listenOn(stubPort)).toBe(stubPort)
  } finally {
    if (command?.pid) {
      try {
        process.kill(-command.pid, 'SIGKILL')
      } catch {
        // Gone, as it should be.
      }
    }
    rmSync(copy, { recursive: true, force: true })
  }
})
