import { afterEach, describe, expect, it } from 'vitest'
import type { Transport, WireRequest } from '../http'
import { RECORDING_FORMAT, type RecordedSession } from './format'
import { playSession, type ReplayTarget } from './play'

// What a replay sends comes from the recording: a recording from elsewhere must not make it
// read and send whatever the replaying machine holds.

const sent: WireRequest[] = []
const transport: Transport = {
  origin: 'http://127.0.0.1:1',
  send: async (request) => {
    sent.push(request)
    return { status: 204, headers: {}, text: '', json: undefined, logged: [] }
  },
  close: async () => undefined,
}
afterEach(() => {
  sent.length = 0
  delete process.env.REPLAY_TEST_PASSWORD
})

/** A session whose one step sends the value of `variable`, as the recorder writes a `${NAME}`. */
const asking = (variable: string): RecordedSession => ({
  head: { format: RECORDING_FORMAT, session: 's', contract: '', recordedAt: '', upstream: '' },
  steps: [
    {
      step: 1,
      at: 0,
      method: 'POST',
      url: '/api/contact',
      request: { headers: { 'content-type': 'application/json' }, json: { note: '{{given-1}}' } },
      values: { 'given-1': { kind: 'variable', variable } },
    },
  ],
})

const target = (variables: string[]): ReplayTarget => ({
  transport,
  stubSessions: false,
  mailbox: undefined,
  variables: new Set(variables),
})

describe('a recording that names an environment variable', () => {
  it('is not sent the variable unless --allow-env names it: the session stops, saying so', async () => {
    process.env.REPLAY_TEST_PASSWORD = 'from-the-environment'
    const played = await playSession(asking('REPLAY_TEST_PASSWORD'), target([]), 'replay-test')
    expect(played.stopped).toBe(
      `step 1 sends the value of $\{REPLAY_TEST_PASSWORD}, which --allow-env REPLAY_TEST_PASSWORD lets it read`,
    )
    expect(sent).toEqual([])
  })

  it('is sent the value of a variable --allow-env names', async () => {
    process.env.REPLAY_TEST_PASSWORD = 'from-the-environment'
    const played = await playSession(
      asking('REPLAY_TEST_PASSWORD'),
      target(['REPLAY_TEST_PASSWORD']),
      'replay-test',
    )
    expect(played.stopped).toBeUndefined()
    expect(sent.map((request) => request.body?.toString())).toEqual([
      '{"note":"from-the-environment"}',
    ])
  })
})
