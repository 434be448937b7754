/**
 * @devenv/stub-api/msw: the stub as MSW handlers, for browsers (no Node, no `new Function`).
 * `createBrowserStub()` runs it in the page through MSW's service worker; `createStubHandlers()`
 * gives the handlers to compose with others. In Node use `@devenv/stub-api/msw/node`.
 */
export {
  type BrowserStub,
  type BrowserStubOptions,
  createBrowserStub,
  DEFAULT_STORAGE_KEY,
  DEFAULT_WORKER_URL,
} from './browser'
export { exchangeLine, type StubExchange } from './exchange'
export { createStubHandlers, type StubHandlerOptions } from './handlers'
export { type KeyValueStorage, localStoragePersistence } from './local-storage'
export { API_SECURITY_HEADERS, PAGE_SECURITY_HEADERS } from './security-headers'
