import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

/**
 * The stub as it ships: its built CLI in a process of its own, so a test can kill it with SIGKILL
 * or load it without sharing an event loop with the load.
 */
export const STUB_CLI = fileURLToPath(
  new URL('../../../apps/stub-api/dist/cli.js', import.meta.url),
)

/** Preloaded into each stub: it ends when the test process goes, even by kill -9 (its stdin pipe). */
const EXIT_WITH_PARENT = new URL('../../scripts/exit-with-parent.mjs', import.meta.url).href

export type StubProcess = {
  child: ChildProcess
  /** e.g. http://127.0.0.1:41234 (loopback only). */
  origin: string
  /** Every log line the process printed, parsed (pino JSON). */
  logs: LogLine[]
  /** Resolves with the exit code or signal once the process is gone. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

export type LogLine = { level: number; msg: string; [key: string]: unknown }

const READY = /DevEnv stub \(\w+\) at (http:\/\/127\.0\.0\.1:\d+)\/api/

export function assertStubBuilt(): void {
  if (!existsSync(STUB_CLI)) {
    throw new Error('The stub is not built: run pnpm --filter @devenv/stub-api build first')
  }
}

/** Starts the stub on a free loopback port and waits until it answers. */
export async function startStubProcess(
  env: Record<string, string>,
  nodeFlags: string[] = [],
): Promise<StubProcess> {
  assertStubBuilt()
  const child = spawn(process.execPath, ['--import', EXIT_WITH_PARENT, ...nodeFlags, STUB_CLI], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  const logs: LogLine[] = []
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  const exited = once(child, 'exit').then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
  }))
  const origin = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })
    lines.on('line', (line) => {
      const parsed = parseLogLine(line)
      logs.push(parsed)
      const ready = READY.exec(parsed.msg)
      if (ready?.[1]) resolve(ready[1])
    })
    void exited.then(({ code, signal }) =>
      reject(new Error(`the stub exited (${code ?? signal}) before listening: ${stderr.trim()}`)),
    )
  })
  return { child, origin, logs, exited }
}

function parseLogLine(line: string): LogLine {
  try {
    const value = JSON.parse(line) as Partial<LogLine>
    return { ...value, level: Number(value.level ?? 30), msg: String(value.msg ?? '') }
  } catch {
    return { level: 30, msg: line }
  }
}

export async function killStub(stub: StubProcess, signal: NodeJS.Signals = 'SIGKILL') {
  if (stub.child.exitCode === null && stub.child.signalCode === null) stub.child.kill(signal)
  return stub.exited
}
