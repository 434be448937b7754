import { type ReactNode, Suspense } from 'react'

/**
 * A part of a prerendered page that React hydrates on its own (decisions/web-performance.md): the page's first
 * hydration stops at each such part and commits without it, and React hydrates the parts one by
 * one afterwards, each in short tasks of its own, at once for the part a visitor clicks or types
 * into (selective hydration). On a slow phone the page then starts in tasks under 50 ms instead of
 * one long hydration, and a click waits only for its own part.
 *
 * It is a Suspense boundary that never shows its fallback: nothing inside suspends (route code is
 * loaded before a route renders), and prerendering writes the boundary's markers into the HTML,
 * so the server's tree and the browser's match.
 */
export function HydratedApart({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>
}
