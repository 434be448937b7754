import { useEffect, useState } from 'react'
import { type Breakpoint, breakpointFor, RESIZE_DEBOUNCE_MS } from '../config/ui'

/**
 * The window's breakpoint (mobile, tablet, desktop), followed through resizes debounced by
 * 150 ms (SITE-12). Null until mounted: the prerendered page knows no window.
 */
export function useBreakpoint(): Breakpoint | null {
  const [breakpoint, setBreakpoint] = useState<Breakpoint | null>(null)
  useEffect(() => {
    const measure = () => setBreakpoint(breakpointFor(window.innerWidth))
    measure()
    let timer: ReturnType<typeof setTimeout> | undefined
    const onResize = () => {
      clearTimeout(timer)
      timer = setTimeout(measure, RESIZE_DEBOUNCE_MS)
    }
    window.addEventListener('resize', onResize, { passive: true })
    return () => {
      clearTimeout(timer)
      window.removeEventListener('resize', onResize)
    }
  }, [])
  return breakpoint
}
