import { describe, expect, it } from 'vitest'
import { RECORDING_FORMAT, type RecordedSession } from './format'
import { testFileOf } from './write-tests'

// A written test is a file a team commits and runs: nothing a recording or a server under test
// chose (a session's name, a field's name in a failure) may become code in it.

const hostile = '*/ globalThis.escaped = 1 /*\nglobalThis.escaped = 2\u2028globalThis.escaped = 3'

const session: RecordedSession = {
  head: {
    format: RECORDING_FORMAT,
    session: hostile,
    contract: hostile,
    recordedAt: hostile,
    upstream: hostile,
  },
  steps: [
    {
      step: 1,
      at: 0,
      operationId: hostile,
      method: 'GET',
      url: `/api/${hostile}`,
      request: { headers: {} },
      answer: { status: 200, headers: {}, json: { [hostile]: hostile } },
    },
  ],
}

describe('a written test', () => {
  it('keeps what a recording or a server chose inside its comments and strings', () => {
    const text = testFileOf(session, { shrunkFrom: 9, failing: `difference at /${hostile}` })
    // The header comment closes where the writer closes it, right before the imports.
    expect(text.slice(text.indexOf('*/'))).toMatch(/^\*\/\nimport \{ expect, test \} from 'vitest'/)
    // The session is a literal that reads back whole, and running it runs nothing of the text.
    const literal = text.slice(
      text.indexOf('const session: RecordedSession = ') +
        'const session: RecordedSession = '.length,
      text.indexOf('\n\ntest('),
    )
    const read = new Function(`return ${literal}`)() as RecordedSession
    expect((globalThis as { escaped?: number }).escaped).toBeUndefined()
    expect(read.head.session).toBe(hostile)
    expect(read.steps[0]?.url).toBe(`/api/${hostile}`)
    expect(text).not.toContain('\u2028')
  })
})
