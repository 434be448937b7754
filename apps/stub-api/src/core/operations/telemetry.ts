import type { StubContext } from '../context'
import type { DefineOperation } from '../contract/operations'
import type { CoreRequest } from '../request'
import { redactSecrets } from '../security/redaction'
import { receivedEntry } from '../state/store'

// Kept redacted: a page address or a detail may carry a reset hash or a token (a client of
// an older site, or any other client, is not trusted to have left them out).
const received = (request: CoreRequest) => receivedEntry(request.store, redactSecrets(request.body))

/** Security events and client errors: the newest SECURITY_LOG_LIMIT of each are kept. */
export function telemetryOperations(_ctx: StubContext, define: DefineOperation) {
  define(
    'logSecurityEvent',
    'POST /security/log',
  )(async (request) => {
    request.store.recordSecurityEvent(received(request))
    return { status: 204 }
  })

  define(
    'logError',
    'POST /errors/log',
  )(async (request) => {
    request.store.recordClientError(received(request))
    return { status: 204 }
  })
}
