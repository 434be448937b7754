// Reading recordings back: every file of the folders given, each line checked for the shape the
// recorder writes, a bad one refused with its file and line (docs/replay.md).
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { isJsonObject } from '@devenv/openapi'
import { RECORDING_FORMAT, type RecordedStep, type Recording } from './format'

/** A recording that cannot be read: a one-line reason naming the file and line. */
export class RecordingError extends Error {}

/** Each recording file of a folder (or the one file given), in name order. */
function filesOf(path: string): string[] {
  let stats: ReturnType<typeof statSync>
  try {
    stats = statSync(path)
  } catch {
    throw new RecordingError(`${path}: no such folder or file`)
  }
  if (stats.isFile()) return [path]
  const files = readdirSync(path)
    .filter((name) => name.endsWith('.ndjson'))
    .sort()
    .map((name) => join(path, name))
  if (files.length === 0) throw new RecordingError(`${path}: holds no recording (*.ndjson)`)
  return files
}

function stepOf(line: unknown, where: string, expected: number): RecordedStep {
  const ok =
    isJsonObject(line) &&
    line.step === expected &&
    typeof line.method === 'string' &&
    typeof line.url === 'string' &&
    line.url.startsWith('/') &&
    isJsonObject(line.request) &&
    isJsonObject(line.request.headers) &&
    (line.answer === undefined ||
      (isJsonObject(line.answer) &&
        Number.isInteger(line.answer.status) &&
        isJsonObject(line.answer.headers))) &&
    (line.values === undefined || isJsonObject(line.values))
  if (!ok) throw new RecordingError(`${where}: not a recorded step ${expected} (docs/replay.md)`)
  return line as unknown as RecordedStep
}

/** One recording file, read whole. */
export function readRecording(file: string): Recording {
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
  const parsed = lines.map((line, index) => {
    try {
      return JSON.parse(line) as unknown
    } catch {
      throw new RecordingError(`${file}:${index + 1}: not JSON`)
    }
  })
  const [head, ...rest] = parsed
  if (!isJsonObject(head) || head.format !== RECORDING_FORMAT || typeof head.session !== 'string')
    throw new RecordingError(`${file}:1: not a recording of format ${RECORDING_FORMAT}`)
  const last = rest.at(-1)
  const end = isJsonObject(last) && last.end === true ? (rest.pop() as Recording['end']) : undefined
  const steps = rest.map((line, index) => stepOf(line, `${file}:${index + 2}`, index + 1))
  return { file, head: head as Recording['head'], steps, end }
}

/** Every recording of the folders (or files) given, in the order their sessions began. */
export function readRecordings(paths: readonly string[]): Recording[] {
  return paths
    .flatMap(filesOf)
    .map(readRecording)
    .sort(
      (a, b) =>
        a.head.recordedAt.localeCompare(b.head.recordedAt) ||
        a.head.session.localeCompare(b.head.session),
    )
}
