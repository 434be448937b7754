// `replay --write-tests DIR`: each replayed session as a Vitest file a team commits and runs in
// CI with only the packed toolkit installed: the session's steps inline (no secret: they are the
// recording's placeholders), replayed and judged by the toolkit's library (docs/replay.md).
import { createHash } from 'node:crypto'
import { join } from 'node:path'
import { writeTextFile } from '../report/write'
import { type RecordedSession, recordingFileName } from './format'

/** What a written test imports: the packed tarball's library entry. */
export const REPLAY_LIBRARY = 'devenv-contract/replay'

/** Where the written test replays unless DEVENV_BASE_URL says otherwise: the stub's address. */
const DEFAULT_BASE_URL = 'http://127.0.0.1:4010'

/**
 * Text for a comment: a recording's texts and a server's field names may hold anything, and
 * none may end the comment (a line break ends a `//` one, `*` then `/` the header's) and go on
 * as code in a file a team commits and runs.
 */
const commentText = (text: string) =>
  text
    .replace(
      /[^\x20-\x7e]/g,
      (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
    )
    .replaceAll('*/', '*\\/')

/** JSON as code: U+2028 and U+2029 escaped, which a string may hold but an editor breaks lines at. */
const json = (value: unknown, indent?: number) =>
  JSON.stringify(value, null, indent).replace(/[\u2028\u2029]/g, (character) =>
    character === '\u2028' ? '\\u2028' : '\\u2029',
  )

/** How the session came to be written: whole, or shrunk from a longer one. */
export type Written = {
  shrunkFrom?: number
  failing?: string
  /** The noise `replay` learned on the operations of the session's steps. */
  noise?: readonly string[]
}

/** The Vitest file of one session. */
export function testFileOf(session: RecordedSession, written: Written = {}): string {
  const { head } = session
  const steps = session.steps
    .map((step) => {
      const line = `${step.step}. ${step.operationId ?? '(no operation)'}: ${step.method} ${step.url.split('?')[0]} -> ${step.answer?.status ?? 'no answer'}`
      return `    // ${commentText(line)}\n    ${json(step, 2).replace(/\n/g, '\n    ')},`
    })
    .join('\n')
  const failing = commentText(written.failing ?? 'its failure')
  const about =
    written.shrunkFrom !== undefined
      ? [
          ` * Shrunk from ${written.shrunkFrom} steps to the ${session.steps.length} that still show ${failing}`,
          ' * on the server it was written against: it fails there until that is fixed.',
        ]
      : written.failing !== undefined
        ? [` * It failed with ${failing} on the server it was written against.`]
        : []
  return `/**
 * Session ${commentText(head.session)}, recorded by devenv-contract proxy --record on
 * ${commentText(head.recordedAt)} against contract ${commentText(head.contract)}; written by devenv-contract replay --write-tests.
${about.join('\n')}${about.length > 0 ? '\n' : ''} *
 * Replays the steps against a server and fails on any answer that breaks the contract or differs
 * from the recorded one (uuid and date-time values, and values a later step takes again, may):
 *   DEVENV_BASE_URL=http://host:port [DEVENV_MAILBOX=http://maildev:1080] npx vitest run <this file>
 * Secrets are placeholders ({{password-1}}); each step's \`values\` says where each is taken from.
 */
import { expect, test } from 'vitest'
import { type RecordedSession, replaySession } from '${REPLAY_LIBRARY}'

${written.noise?.length ? `// What differs between two servers of the recorded build (learned by replay --reference).\nconst noise = ${json(written.noise, 2)}\n\n` : ''}const session: RecordedSession = {
  head: ${json(head)},
  steps: [
${steps}
  ],
}

test(${json(`session ${head.session} answers as recorded`)}, async () => {
  const replayed = await replaySession(session, {
    baseUrl: process.env.DEVENV_BASE_URL ?? ${json(DEFAULT_BASE_URL)},
    mailbox: process.env.DEVENV_MAILBOX,${written.noise?.length ? '\n    noise,' : ''}
  })
  expect(replayed.stopped).toBeUndefined()
  expect(replayed.failures).toEqual([])
}, 120_000)
`
}

/** Writes the session's test into `dir`: its path. */
export async function writeSessionTest(
  dir: string,
  session: RecordedSession,
  written: Written = {},
): Promise<string> {
  const digest = createHash('sha256').update(session.head.session).digest('hex')
  const path = join(
    dir,
    recordingFileName(session.head.session, digest).replace(/\.ndjson$/, '.test.ts'),
  )
  await writeTextFile(path, testFileOf(session, written))
  return path
}
