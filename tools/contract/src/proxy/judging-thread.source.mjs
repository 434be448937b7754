// The judging thread's entry in the workspace, where its code is TypeScript: tsx compiles it, as
// it compiles the CLI started from source (a thread does not inherit the CLI's --import).
import { register } from 'tsx/esm/api'

register()
await import('./judging-thread.ts')
