import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { runCommandLine } from '../src/cli/main'
import { coveredSet, reportJsonIn } from './fixtures/cli'
import { inProcessStub } from './fixtures/fuzz-stub'

// Fuzz shards against the stub, in process: two shards and their merge are the same run as one
// (check's shards are proven beside its whole run, in cli.test.ts).
let folder: string
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'contract-shards-'))
})
afterAll(async () => {
  await rm(folder, { recursive: true, force: true })
})

async function cli(args: string[]): Promise<{ code: number; stdout: string }> {
  const out: string[] = []
  const log = vi
    .spyOn(console, 'log')
    .mockImplementation((...parts) => void out.push(parts.join(' ')))
  const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
  try {
    return {
      code: await runCommandLine(args, { inProcess: inProcessStub }),
      stdout: out.join('\n'),
    }
  } finally {
    log.mockRestore()
    error.mockRestore()
  }
}

describe('fuzz --shard against the stub', () => {
  it('fuzz shards send the batches of one run between them', async () => {
    const fuzz = ['fuzz', '--stub', '--requests', '240', '--sequences', '4', '--seed', '11']
    const batches = (stdout: string) => Number(/ in (\d+) batches/.exec(stdout)?.[1])
    // A sequence's steps are the seed's: the shards' steps add up to one run's when each runs its own.
    const steps = (stdout: string) =>
      Number(/stateful: \d+ sequences, (\d+) steps/.exec(stdout)?.[1])
    const whole = await cli([...fuzz, '--report-dir', join(folder, 'fuzz-whole')])
    const first = await cli([...fuzz, '--shard', '1/2', '--report-dir', join(folder, 'fuzz-one')])
    const second = await cli([...fuzz, '--shard', '2/2', '--report-dir', join(folder, 'fuzz-two')])
    expect([whole.code, first.code, second.code], whole.stdout).toEqual([0, 0, 0])
    expect(batches(first.stdout)).toBeGreaterThan(0)
    expect(batches(second.stdout)).toBeGreaterThan(0)
    expect(batches(first.stdout) + batches(second.stdout)).toBe(batches(whole.stdout))
    expect(steps(first.stdout)).toBeGreaterThan(0)
    expect(steps(second.stdout)).toBeGreaterThan(0)
    expect(steps(first.stdout) + steps(second.stdout)).toBe(steps(whole.stdout))
    const merged = await cli([
      'merge',
      join(folder, 'fuzz-one'),
      join(folder, 'fuzz-two'),
      '--report-dir',
      join(folder, 'fuzz-merged'),
    ])
    expect(merged.code, merged.stdout).toBe(0)
    expect(coveredSet(await reportJsonIn(join(folder, 'fuzz-merged')))).toEqual(
      coveredSet(await reportJsonIn(join(folder, 'fuzz-whole'))),
    )
  })

  it('fuzz --shard without --seed is a usage error: the shards would draw different runs', async () => {
    expect((await cli(['fuzz', '--stub', '--shard', '1/2'])).code).toBe(2)
  })
})
