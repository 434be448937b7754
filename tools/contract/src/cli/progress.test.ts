import { describe, expect, it } from 'vitest'
import { statusLine } from './progress'

function stream(isTTY: boolean) {
  const written: string[] = []
  return { written, isTTY, write: (text: string) => written.push(text) > 0 }
}

describe('the status line a run tells as progress events', () => {
  it('is rewritten at each event on a terminal, and a line each half-minute of the clock in a log', () => {
    const terminal = stream(true)
    const onTerminal = statusLine(terminal, () => 0)
    onTerminal.show('fuzz: 1 requests')
    onTerminal.show('fuzz: 2 requests')
    onTerminal.clear()
    expect(terminal.written).toEqual([
      'fuzz: 1 requests',
      '\r\x1b[2K',
      'fuzz: 2 requests',
      '\r\x1b[2K',
    ])

    const log = stream(false)
    let now = 0
    const inLog = statusLine(log, () => now)
    for (now = 1_000; now <= 61_000; now += 1_000) inLog.show(`fuzz: ${now / 1_000} s`)
    inLog.clear()
    expect(log.written).toEqual(['fuzz: 30 s\n', 'fuzz: 60 s\n'])
  })
})
