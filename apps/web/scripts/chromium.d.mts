// Types of chromium.mjs for the TypeScript that reads it (the browser specs).
export const CHROMIUM_PATH: string
export const CHROMIUM_FLAGS: readonly string[]
