/** What `diff` prints (`--format`): a module of its own, as the CLI's option specs read it. */
export const DIFF_FORMATS = ['terminal', 'json', 'markdown', 'junit'] as const
export type DiffFormat = (typeof DIFF_FORMATS)[number]
