import type { Catalogue } from './en'
import { en } from './en'
import type { Locale } from './index'
import { ka } from './ka'

// Every locale at once, for the server and tests; the browser imports ./ka only when chosen.
export const messages: Readonly<Record<Locale, Catalogue>> = { en, ka }
