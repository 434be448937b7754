import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { startJudgingThread } from './judging-thread'

describe('the judging thread', () => {
  it('says so when the checks stop, and its end is an error rather than a wait forever', async () => {
    const lines: string[] = []
    // A contract the thread cannot load: it ends before it judges anything.
    const thread = startJudgingThread(
      { upstream: 'http://127.0.0.1:1/', contractPath: join(tmpdir(), 'no-such-contract.yaml') },
      (event) => void (event.type === 'alert' && lines.push(event.text)),
    )
    await expect(thread.finish()).rejects.toThrow(/no-such-contract\.yaml|ENOENT/)
    expect(lines).toEqual([
      expect.stringMatching(/^proxy: the checks stopped \(.+\); the traffic is still forwarded$/),
    ])
  })
})
