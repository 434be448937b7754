// Whom a change breaks: the words every table of change rules is written in, in a module of their
// own so that each table (change-rules.ts, message-rules.ts, server-rules.ts) imports them alone.

/** Whom a change breaks. */
export type Side = 'clients' | 'servers'

export const SIDES: readonly Side[] = ['clients', 'servers']

export type ChangeRule = {
  /** Whom it breaks: none for a change that breaks no one. */
  breaks: readonly Side[]
  /** Why, in one line. */
  reason: string
}

/** A rule whose changes break these sides, for the reason given. */
const breaking =
  (breaks: readonly Side[]) =>
  (reason: string): ChangeRule => ({ breaks, reason })

export const breaksClients = breaking(['clients'])
export const breaksServers = breaking(['servers'])
export const breaksBoth = breaking(['clients', 'servers'])
export const breaksNeither = breaking([])
