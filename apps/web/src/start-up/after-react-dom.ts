import { yieldToBrowser } from '../lib/main-thread'

// Imported by the entry right after React DOM, for this effect alone: React DOM's own start (one
// long function, tens of milliseconds on a slow phone) is a task apart from the site's modules
// (start-up/after-libraries.ts says how).
await yieldToBrowser()
