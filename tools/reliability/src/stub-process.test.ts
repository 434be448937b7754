import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url))

// A harness as the suite runs it: it starts the crash runs' stub and the soak's stub, prints
// their origins, then waits to be killed.
const HARNESS = `
const { startStubProcess } = await import('./src/stub-process.ts')
const { startSoakServer } = await import('./src/soak/soak.ts')
const stub = await startStubProcess({ STUB_MODE: 'test' })
const soak = await startSoakServer()
console.log(JSON.stringify([stub.origin, soak.origin]))
setInterval(() => {}, 1000)
`

const answers = (origin: string) =>
  fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(5_000) }).then(
    (response) => response.ok,
    () => false,
  )

describe('the suite’s stub processes', () => {
  it('end when the test process is killed with SIGKILL', async () => {
    const harness = spawn(
      process.execPath,
      ['--import', 'tsx', '--conditions=@devenv/source', '--input-type=module', '-e', HARNESS],
      { cwd: PACKAGE_DIR, stdio: ['ignore', 'pipe', 'inherit'] },
    )
    const exited = once(harness, 'exit')
    const [line] = (await once(
      createInterface({ input: harness.stdout as NodeJS.ReadableStream }),
      'line',
    )) as [string]
    const origins = JSON.parse(line) as string[]
    expect(origins).toHaveLength(2)
    for (const origin of origins) expect(await answers(origin)).toBe(true)

    harness.kill('SIGKILL')
    await exited
    // Bounded: each stub sees its parent gone at once and closes within seconds.
    await expect
      .poll(async () => Promise.all(origins.map(answers)), { timeout: 60_000, interval: 200 })
      .toEqual([false, false])
  })
})
