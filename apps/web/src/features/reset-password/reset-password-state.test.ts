import { describe, expect, it } from 'vitest'
import {
  initialResetPasswordState,
  type ResetPasswordEvent,
  type ResetPasswordState,
  resetPasswordReducer,
} from './reset-password-state'

const expired = {
  title: 'reset.expired.title',
  description: { code: 'reset.expired.description' },
} as const

const run = (events: ResetPasswordEvent[], from: ResetPasswordState = initialResetPasswordState) =>
  events.reduce(resetPasswordReducer, from)

describe('resetPasswordReducer', () => {
  it('goes idle -> loading on submit, and ignores a second submit while loading', () => {
    expect(run([{ type: 'submit' }])).toEqual({ phase: 'loading' })
    expect(run([{ type: 'submit' }, { type: 'submit' }])).toEqual({ phase: 'loading' })
  })

  it('starts the success countdown at 3 seconds', () => {
    expect(run([{ type: 'submit' }, { type: 'succeeded' }])).toEqual({
      phase: 'success',
      secondsLeft: 3,
    })
  })

  it('counts down one second per tick and stops at one, never showing zero seconds', () => {
    const success = run([{ type: 'submit' }, { type: 'succeeded' }])
    expect(run([{ type: 'tick' }], success)).toEqual({ phase: 'success', secondsLeft: 2 })
    expect(run([{ type: 'tick' }, { type: 'tick' }], success)).toEqual({
      phase: 'success',
      secondsLeft: 1,
    })
    expect(
      run([{ type: 'tick' }, { type: 'tick' }, { type: 'tick' }, { type: 'tick' }], success),
    ).toEqual({ phase: 'success', secondsLeft: 1 })
  })

  it('keeps the problem of a failed call', () => {
    expect(run([{ type: 'submit' }, { type: 'failed', problem: expired }])).toEqual({
      phase: 'error',
      problem: expired,
    })
  })

  it('ignores outcomes that arrive without a call in flight, and submits after an outcome', () => {
    expect(run([{ type: 'succeeded' }])).toEqual({ phase: 'idle' })
    expect(run([{ type: 'failed', problem: expired }])).toEqual({ phase: 'idle' })
    expect(run([{ type: 'tick' }])).toEqual({ phase: 'idle' })
    const failed = run([{ type: 'submit' }, { type: 'failed', problem: expired }])
    expect(run([{ type: 'submit' }, { type: 'succeeded' }], failed)).toBe(failed)
  })
})
