import { QueryClient } from '@tanstack/react-query'
import { createMemoryHistory } from '@tanstack/react-router'
import { renderToString } from 'react-dom/server'
import { App } from './app'
import { type DocumentHeadData, headOfMatches } from './lib/head'
import { createAppRouter } from './router'

export type PrerenderedPage = { html: string; head: DocumentHeadData; pathname: string }

/** Renders one public route to HTML, as the browser will hydrate it (English, signed out). */
export async function render(url: string): Promise<PrerenderedPage> {
  const router = createAppRouter({
    queryClient: new QueryClient(),
    history: createMemoryHistory({ initialEntries: [url] }),
  })
  await router.load()
  const html = renderToString(<App router={router} />)
  return {
    html,
    head: headOfMatches(router.state.matches),
    pathname: router.state.location.pathname,
  }
}
