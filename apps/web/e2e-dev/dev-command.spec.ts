import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { resolve } from 'node:path'
import { expect, test } from '@playwright/test'
import { listenOn } from '../e2e/test-ports'

/**
 * README command 1's supervisor (tools/scripts/dev.mjs) when something is wrong: it must say which
 * part and why in one line, exit non-zero, and leave nothing running, rather than wait.
 */

const ROOT = resolve(import.meta.dirname, '../../..')

/** Runs dev.mjs to its end (bounded against a hang): its exit code and output. */
function runDev(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn('node', ['tools/scripts/dev.mjs'], {
      cwd: ROOT,
      // Its Vite optimises into a folder of its own: stopped mid-way, it must not take the suite's
      // development servers' optimised dependencies with it (they share apps/web).
      env: { ...process.env, WEB_DEV_CACHE_DIR: 'node_modules/.vite/dev-command', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => {
      output += chunk
    })
    child.stderr.on('data', (chunk) => {
      output += chunk
    })
    const bound = setTimeout(() => child.kill('SIGKILL'), 120_000)
    child.once('exit', (code) => {
      clearTimeout(bound)
      done({ code, output })
    })
  })
}

async function freePorts(): Promise<[number, number]> {
  const [web, stub] = [await listenOn(0), await listenOn(0)]
  if (web === null || stub === null) throw new Error('no free port on 127.0.0.1')
  return [web, stub]
}

test('a stub that refuses its settings is named with its reason; the site goes too', async () => {
  const [web, stub] = await freePorts()
  // The whole environment reaches the stub: production mode with a short secret stops it.
  const { code, output } = await runDev({
    WEB_DEV_PORT: String(web),
    PORT: String(stub),
    STUB_MODE: 'production',
    JWT_SECRET: 'short',
  })
  expect(code).toBe(1)
  expect(output).toMatch(
    /^dev: the stub API \(Fastify\) stopped \(exit code 2\): JWT_SECRET=\(hidden\): must be at least 32 bytes/m,
  )
  expect(output).not.toContain('Ready in')
  // Vite, started beside it, was stopped with it.
  expect(await listenOn(web)).toBe(web)
})

test('a taken port is refused in one line before anything starts', async () => {
  const [web, stub] = await freePorts()
  const holder = createServer()
  await new Promise<void>((done) => holder.listen(stub, '127.0.0.1', done))
  try {
    const { code, output } = await runDev({ WEB_DEV_PORT: String(web), PORT: String(stub) })
    expect(code).toBe(1)
    expect(output.trim()).toBe(
      `dev: port ${stub} is taken, and the stub API (Fastify) needs it: stop what listens there, or set PORT=another port`,
    )
  } finally {
    holder.close()
  }
})
