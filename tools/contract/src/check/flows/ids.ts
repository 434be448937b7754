/**
 * Every flow's id (`--only`, `--allow-skip check.flow.<id>`), in the order a run takes them. Kept
 * apart from the flows, which flows/index.ts holds to this list, so that the command line's help
 * and `diff` load none of the flows' code.
 */
export const FLOW_IDS = [
  'account',
  'reset-link',
  'environment',
  'login-lock',
  'authorisation',
  'registration',
  'profile',
  'password',
  'password-rules',
  'deprecated',
  'environment-limits',
  'tokens',
  'rate-limits',
  'findings',
] as const

export type FlowId = (typeof FLOW_IDS)[number]
