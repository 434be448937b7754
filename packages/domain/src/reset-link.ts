import type { MessageCode } from './messages/en'

export const RESET_HASH_MIN_LENGTH = 40
export const RESET_HASH_MAX_LENGTH = 64

export type ResetLinkCheck = 'ok' | 'invalid-link' | 'invalid-token'
export type ResetLinkParams = { user?: string | null; hash?: string | null }

const RESET_HASH = /^[0-9a-fA-F]{40,64}$/

function isPresent(value: string | null | undefined): value is string {
  return value != null && value.trim() !== ''
}

/** Judges the page's query before any call: both values present, then a well-formed hash. */
export function checkResetLink(params: ResetLinkParams): ResetLinkCheck {
  if (!isPresent(params.user) || !isPresent(params.hash)) return 'invalid-link'
  return RESET_HASH.test(params.hash) ? 'ok' : 'invalid-token'
}

export type ResetLinkProblem = { title: MessageCode; description: MessageCode }

export const RESET_LINK_PROBLEMS = {
  'invalid-link': {
    title: 'reset.invalidLink.title',
    description: 'reset.invalidLink.description',
  },
  'invalid-token': {
    title: 'reset.invalidToken.title',
    description: 'reset.invalidToken.description',
  },
} as const satisfies Record<Exclude<ResetLinkCheck, 'ok'>, ResetLinkProblem>
