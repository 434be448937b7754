import { yieldToBrowser } from '../lib/main-thread'

// Imported by the entry before the app's own modules, for this effect alone: the bundle runs the
// entry's modules in order, so those after this wait (top-level await) for a task of their own.
// The libraries' chunk evaluates in the first task; React DOM's start and then the site's code
// follow, each in its own (after-react-dom.ts). docs/decisions/web-performance.md.
await yieldToBrowser()
