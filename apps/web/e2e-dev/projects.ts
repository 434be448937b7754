/** The development suite's two set-ups (playwright.dev.config.ts), as `npm run dev` starts them. */
export const DEV_SERVER_PROJECT = 'dev'
/** `npm run dev -- --stub=browser`: no API server, the stub runs in the page. */
export const DEV_BROWSER_STUB_PROJECT = 'dev-browser-stub'
