import { act, startTransition, useEffect } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import { HydratedApart } from './hydrated-apart'

// What rendered, in order, in the browser's hydration.
let log: string[] = []
afterEach(() => {
  log = []
})

function Part() {
  log.push('part rendered')
  return <button type="button">A question</button>
}

function Page() {
  useEffect(() => {
    log.push('page committed')
  }, [])
  return (
    <main>
      <h1>Pricing</h1>
      <HydratedApart>
        <Part />
      </HydratedApart>
    </main>
  )
}

/** The page as prerendering writes it, hydrated as src/main.tsx does (a transition). */
async function hydratePrerendered() {
  const container = document.createElement('div')
  container.innerHTML = renderToString(<Page />)
  document.body.append(container)
  log = []
  await act(async () => {
    startTransition(() => {
      hydrateRoot(container, <Page />)
    })
  })
  container.remove()
}

describe('a part hydrated apart', () => {
  it('is hydrated after the page around it has committed, in a render of its own', async () => {
    await hydratePrerendered()
    expect(log).toEqual(['page committed', 'part rendered'])
  })

  it('hydrates the prerendered markup, which carries its boundary', () => {
    expect(renderToString(<Page />)).toMatch(
      /<!--\$--><button[^>]*>A question<\/button><!--\/\$-->/,
    )
  })
})
