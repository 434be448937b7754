export type { components, operations, paths } from '@devenv/openapi/types'
export {
  type AnswerLog,
  type ApiClient,
  type ApiClientOptions,
  apiBaseUrl,
  CLIENT_VERSION,
  createApiClient,
  DEFAULT_CLIENT_TYPE,
  DEFAULT_TIMEOUT_MS,
  dataOf,
} from './client'
export { ApiError, type ApiErrorKind, isApiError, type ValidationErrors } from './errors'
export {
  CLIENT_TYPE_HEADER,
  CLIENT_VERSION_HEADER,
  REQUEST_TIMESTAMP_HEADER,
  sendsBearer,
  type TokenPair,
  type TokenSource,
  tokenPairOf,
} from './transport'
