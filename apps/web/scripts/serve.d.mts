// Types of serve.mjs for the TypeScript that starts nginx itself (the browser specs).
import type { ChildProcess } from 'node:child_process'

export type ServeOptions = { root?: string; host?: string; port?: number; upstream?: string }
export type Served = { child: ChildProcess; prefix: string; url: string }
export function startServer(options?: ServeOptions): Served & { upstream: string; brotli: boolean }
export function startDemoServer(options?: Omit<ServeOptions, 'upstream'>): Served
