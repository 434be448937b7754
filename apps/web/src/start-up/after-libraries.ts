import { yieldToBrowser } from '../lib/main-thread'

// Imported by the entry before the app's own modules, for this effect alone: the bundle runs the
// entry's modules in order, so those after this wait (top-level await) for a task of their own.
// The libraries' chunk, React DOM's start with it, evaluates in the first task and the site's code
// in the next. docs/decisions/web-performance.md.
await yieldToBrowser()
