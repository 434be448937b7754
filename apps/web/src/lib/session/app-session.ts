import { createSessionStore } from './store'

/**
 * The page's one session store, made once when the app starts: the router's guards, the API
 * client, the runtime and every component read this one.
 */
export const sessionStore = createSessionStore()

/** The session, re-rendering on every change (a hook: `sessionStore.useSession`). */
export const useSession = sessionStore.useSession
