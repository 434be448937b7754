import { afterEach, describe, expect, it } from 'vitest'
import { env } from '../config/env'
import { pageTitle } from '../config/environments'
import { headOfMatches, pageHead } from './head'
import { setLocale } from './i18n/i18n'
import { webEn } from './i18n/messages/en'
import { webKa } from './i18n/messages/ka'

// Tests build the development environment: its titles carry '(Development)'.
const titled = (text: string) => pageTitle(text, env.appEnv)

afterEach(async () => {
  await setLocale('en', { remember: false })
})

describe('a route head', () => {
  // The router computes a head once, as its route loads: at start-up, before the chosen catalogue
  // is on. A Georgian page then kept its English title until every route was loaded again.
  it('loaded in English, reads in the language chosen after it loaded', async () => {
    const head = pageHead({ code: 'meta.pricing.title' }, 'meta.pricing.description')
    expect(headOfMatches([head])).toEqual({
      title: titled(`${webEn['meta.pricing.title']} | DevEnv`),
      description: webEn['meta.pricing.description'],
    })
    await setLocale('ka', { remember: false })
    expect(headOfMatches([head])).toEqual({
      title: titled(`${webKa['meta.pricing.title']} | DevEnv`),
      description: webKa['meta.pricing.description'],
    })
  })

  it('without the brand when the page says so (home)', () => {
    const head = pageHead({ code: 'page.home.title', brand: false }, 'meta.home.description')
    expect(headOfMatches([head]).title).toBe(titled('AI-Native Development Environments'))
  })
})
