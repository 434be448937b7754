import type { ResetPasswordProblem } from '@devenv/domain/api-failures'
import { RESET_COUNTDOWN_SECONDS } from '../../config/ui'

/** The page after its arrival check (RESET-4): idle, then loading, then success or error. */
export type ResetPasswordState =
  | { phase: 'idle' }
  | { phase: 'loading' }
  | { phase: 'success'; secondsLeft: number }
  | { phase: 'error'; problem: ResetPasswordProblem }

export type ResetPasswordEvent =
  | { type: 'submit' }
  | { type: 'succeeded' }
  | { type: 'failed'; problem: ResetPasswordProblem }
  | { type: 'tick' }

export const initialResetPasswordState: ResetPasswordState = { phase: 'idle' }

export function resetPasswordReducer(
  state: ResetPasswordState,
  event: ResetPasswordEvent,
): ResetPasswordState {
  switch (event.type) {
    case 'submit':
      // A second submission while one is in flight, or after the outcome, is ignored.
      return state.phase === 'idle' ? { phase: 'loading' } : state
    case 'succeeded':
      return state.phase === 'loading'
        ? { phase: 'success', secondsLeft: RESET_COUNTDOWN_SECONDS }
        : state
    case 'failed':
      return state.phase === 'loading' ? { phase: 'error', problem: event.problem } : state
    case 'tick':
      // The last second ends in leaving the page, never in 'Redirecting to login in 0 seconds...'.
      return state.phase === 'success' && state.secondsLeft > 1
        ? { phase: 'success', secondsLeft: state.secondsLeft - 1 }
        : state
  }
}
