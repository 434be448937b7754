import { afterEach, describe, expect, it, vi } from 'vitest'
import { RunBound } from '../fuzz/bound'
import { showProgress, statusLine } from './progress'

afterEach(() => {
  vi.useRealTimers()
})

function stream(isTTY: boolean) {
  const written: string[] = []
  return { written, isTTY, write: (text: string) => written.push(text) > 0 }
}

describe('the progress line of a fuzz run', () => {
  it('is rewritten in place each second on a terminal, and wiped when the run ends', () => {
    vi.useFakeTimers()
    const terminal = stream(true)
    let now = 0
    const bound = new RunBound(300_000, true, () => now)
    bound.phase = 'properties'
    const progress = showProgress(bound, terminal)
    now = 1_000
    vi.advanceTimersByTime(1_000)
    now = 2_000
    vi.advanceTimersByTime(1_000)
    expect(terminal.written).toEqual([
      'fuzz: 0 requests, 0 failures, properties, 4:59 left of --max-time 5:00',
      '\r\x1b[2K',
      'fuzz: 0 requests, 0 failures, properties, 4:58 left of --max-time 5:00',
    ])
    // A line printed meanwhile starts on a clean line.
    progress.clear()
    progress.stop()
    vi.advanceTimersByTime(5_000)
    expect(terminal.written.slice(3)).toEqual(['\r\x1b[2K'])
  })

  it('is a whole line each half-minute in a log, with no control characters', () => {
    vi.useFakeTimers()
    const log = stream(false)
    const bound = new RunBound(300_000, true, () => 0)
    const progress = showProgress(bound, log)
    vi.advanceTimersByTime(29_000)
    expect(log.written).toEqual([])
    vi.advanceTimersByTime(31_000)
    expect(log.written).toEqual([
      'fuzz: 0 requests, 0 failures, set-up, 5:00 left of --max-time 5:00\n',
      'fuzz: 0 requests, 0 failures, set-up, 5:00 left of --max-time 5:00\n',
    ])
    progress.stop()
    expect(log.written).toHaveLength(2)
  })
})

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
