// `--baseline FILE`: differences a team accepted, each with its reason and the day it stops
// being accepted. Read whole before the run: a bad entry is a usage error, not a pass.
import { readFileSync } from 'node:fs'
import { isJsonObject } from '@devenv/openapi'
import { parse } from 'yaml'

export type Accepted = {
  /** The session's id as recorded, or `*` for every session. */
  session: string
  /** One step, or every step of the session when absent. */
  step?: number
  /** The field as a difference names it: `status`, `header retry-after`, `/items/0/name`. */
  field: string
  reason: string
  /** `YYYY-MM-DD`: from the day after, the difference fails again. */
  expires: string
}

export class BaselineError extends Error {}

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** The accepted differences of a baseline file (JSON or YAML: `accepted: [...]`). */
export function readBaseline(file: string): Accepted[] {
  let parsed: unknown
  try {
    parsed = parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new BaselineError(
      `--baseline ${file}: ${String((error as Error).message).split('\n')[0]}`,
    )
  }
  const list = isJsonObject(parsed) ? parsed.accepted : undefined
  if (!Array.isArray(list))
    throw new BaselineError(`--baseline ${file}: needs a list named accepted`)
  return list.map((entry, index) => {
    const where = `--baseline ${file}: accepted[${index}]`
    if (!isJsonObject(entry)) throw new BaselineError(`${where} is not an object`)
    const { session, step, field, reason, expires } = entry
    if (typeof session !== 'string' || session === '')
      throw new BaselineError(`${where} needs session`)
    if (step !== undefined && !(Number.isInteger(step) && (step as number) > 0))
      throw new BaselineError(`${where}: step must be a whole number from 1`)
    if (typeof field !== 'string' || field === '') throw new BaselineError(`${where} needs field`)
    if (typeof reason !== 'string' || reason.trim() === '')
      throw new BaselineError(`${where} needs a reason`)
    const day = expires instanceof Date ? expires.toISOString().slice(0, 10) : expires
    if (typeof day !== 'string' || !DAY.test(day) || Number.isNaN(Date.parse(day)))
      throw new BaselineError(`${where} needs expires, a day written YYYY-MM-DD`)
    return {
      session,
      ...(step === undefined ? {} : { step: step as number }),
      field,
      reason,
      expires: day,
    }
  })
}

/** What the baseline says of one difference: not listed, accepted, or accepted once but expired. */
export type Verdict =
  | { kind: 'drift' }
  | { kind: 'accepted'; entry: Accepted }
  | { kind: 'expired'; entry: Accepted }

export function verdictOf(
  baseline: readonly Accepted[],
  where: { session: string; step: number; field: string },
  today: string,
): Verdict {
  const entry = baseline.find(
    (each) =>
      (each.session === '*' || each.session === where.session) &&
      (each.step === undefined || each.step === where.step) &&
      each.field === where.field,
  )
  if (!entry) return { kind: 'drift' }
  return entry.expires < today ? { kind: 'expired', entry } : { kind: 'accepted', entry }
}
