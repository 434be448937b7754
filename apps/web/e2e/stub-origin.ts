/** Where the browser tests' stub listens (playwright.config.ts starts it on PW_STUB_PORT). */
export const STUB_ORIGIN = `http://127.0.0.1:${process.env.PW_STUB_PORT ?? 4011}`
