// Number.isInteger and Number.isFinite already answer false for anything that is not a number;
// these say so to TypeScript, so that no `typeof value === 'number'` has to stand before them.
export const isInteger = Number.isInteger as (value: unknown) => value is number
export const isFiniteNumber = Number.isFinite as (value: unknown) => value is number
