import { describe, expect, it } from 'vitest'
import { progressOutput } from './progress'

function stream(isTTY: boolean) {
  const written: string[] = []
  return { written, isTTY, write: (text: string) => written.push(text) > 0 }
}

const status = (text: string) => ({ type: 'progress', status: true, text }) as const

describe('the progress line, one handler of the run', () => {
  it('is rewritten at each status on a terminal, wiped before an alert and at shutdown, and blind to checks', async () => {
    const terminal = stream(true)
    const progress = progressOutput(terminal, () => 0)
    await progress.handle(status('fuzz: 40 requests'))
    await progress.handle(status('fuzz: 80 requests'))
    await progress.handle({
      type: 'check passed',
      suite: { name: 'getHealth', kind: 'operation' },
      check: { name: 'not_a_server_error', status: 'passed', durationMs: 0 },
    })
    await progress.handle({ type: 'alert', text: 'stateful sequences: 5' })
    await progress.handle(status('fuzz: 120 requests'))
    await progress.shutdown?.()
    expect(terminal.written).toEqual([
      'fuzz: 40 requests',
      '\r\x1b[2K',
      'fuzz: 80 requests',
      '\r\x1b[2K',
      'fuzz: 120 requests',
      '\r\x1b[2K',
    ])
  })

  it('is a line each half-minute of the clock in a log', async () => {
    const log = stream(false)
    let now = 0
    const progress = progressOutput(log, () => now)
    for (now = 1_000; now <= 61_000; now += 1_000)
      await progress.handle(status(`fuzz: ${now / 1_000} s`))
    await progress.shutdown?.()
    expect(log.written).toEqual(['fuzz: 30 s\n', 'fuzz: 60 s\n'])
  })
})
