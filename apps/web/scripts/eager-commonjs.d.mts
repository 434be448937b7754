// Types of eager-commonjs.mjs for the TypeScript that reads it (vite.config.ts).
import type { Plugin } from 'vite'

export function eagerCommonJsWrappers(code: string): string
export function eagerCommonJs(): Plugin
