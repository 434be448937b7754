// The site's own constants: timings, modals, themes, breakpoints. The product's rules stay in
// the domain (the pricing page's redirect delay is one: `PRICING_REDIRECT_MS` in its plans).

export const NOTIFICATION_TIMEOUT_MS = 5000
export const MODAL_RESET_MS = 300
export const RESET_COUNTDOWN_SECONDS = 3
export const RESET_MODAL_DELAY_MS = 500
export const NAVBAR_SCROLL_THRESHOLD_PX = 50
export const RESIZE_DEBOUNCE_MS = 150

export const NOTIFICATION_TYPES = ['success', 'error', 'warning', 'info'] as const
export type NotificationType = (typeof NOTIFICATION_TYPES)[number]

export const AUTH_MODAL_TYPES = ['login', 'register', 'forgot-password'] as const
export type AuthModalType = (typeof AUTH_MODAL_TYPES)[number]

export const THEMES = ['light', 'dark'] as const
export type Theme = (typeof THEMES)[number]

/** Minimum widths in px: mobile below 768, tablet from 768, desktop from 1024. */
export const BREAKPOINTS = { tablet: 768, desktop: 1024 } as const
export type Breakpoint = 'mobile' | 'tablet' | 'desktop'

export function breakpointFor(width: number): Breakpoint {
  if (width >= BREAKPOINTS.desktop) return 'desktop'
  if (width >= BREAKPOINTS.tablet) return 'tablet'
  return 'mobile'
}

/** The bar takes its scrolled look strictly past the threshold. */
export function isNavbarScrolled(scrollY: number): boolean {
  return scrollY > NAVBAR_SCROLL_THRESHOLD_PX
}

export function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark'
}

/** A stored choice wins; otherwise the browser's preference decides. */
export function initialTheme(stored: unknown, prefersDark: boolean): Theme {
  if (isTheme(stored)) return stored
  return prefersDark ? 'dark' : 'light'
}
