// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { parseBenchOptions } from './bench-options.mjs'

const PAGES = ['/', '/pricing', '/contact']

describe('the bench command line', () => {
  it('measures every page idle, with Lighthouse, three times by default', () => {
    expect(parseBenchOptions([], {}, PAGES)).toEqual({
      pages: PAGES,
      runs: 3,
      lighthouse: true,
      passes: ['idle'],
    })
  })

  it('adds a pass with one core busy after the idle one with --busy', () => {
    expect(parseBenchOptions(['--', '--busy'], {}, PAGES).passes).toEqual(['idle', 'busy'])
  })

  it('leaves Lighthouse out with --startup-only', () => {
    expect(parseBenchOptions(['--startup-only'], {}, PAGES).lighthouse).toBe(false)
  })

  it('takes pages and runs from arguments before the environment', () => {
    const options = parseBenchOptions(
      ['--pages=/pricing', '--runs=1'],
      { BENCH_PAGES: '/contact', BENCH_RUNS: '5' },
      PAGES,
    )
    expect(options).toMatchObject({ pages: ['/pricing'], runs: 1 })
    expect(
      parseBenchOptions([], { BENCH_PAGES: '/,/contact', BENCH_RUNS: '5' }, PAGES),
    ).toMatchObject({
      pages: ['/', '/contact'],
      runs: 5,
    })
  })

  it('refuses what it does not know rather than run a long bench of something else', () => {
    expect(() => parseBenchOptions(['--bussy'], {}, PAGES)).toThrow(/--bussy/)
    expect(() => parseBenchOptions(['--busy=yes'], {}, PAGES)).toThrow(/--busy=yes/)
    expect(() => parseBenchOptions(['--runs=0'], {}, PAGES)).toThrow(/runs/)
    expect(() => parseBenchOptions(['--runs'], {}, PAGES)).toThrow(/--runs/)
    expect(() => parseBenchOptions(['--pages=pricing'], {}, PAGES)).toThrow(/pages/)
  })
})
