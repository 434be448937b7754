import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import { ApiError, errorBody, validationError } from '../core'

const BOTH_LENGTHS = 'Content-Length and Transfer-Encoding must not both be sent'

/** What the 400 says of the parse errors Node's HTTP parser (llhttp) raises most often. */
const PARSE_FAULTS: Readonly<Record<string, string>> = {
  HPE_INVALID_TRANSFER_ENCODING: BOTH_LENGTHS,
  // llhttp raises this code for a repeated Content-Length only ("Duplicate Content-Length").
  HPE_UNEXPECTED_CONTENT_LENGTH: 'The Content-Length header must be sent only once',
  HPE_INVALID_CONTENT_LENGTH: 'The Content-Length header is malformed',
  HPE_INVALID_CHUNK_SIZE: 'A chunk size of the chunked body is malformed',
  HPE_INVALID_HEADER_TOKEN: 'A header line is malformed',
  HPE_INVALID_METHOD: 'The request method is malformed',
  HPE_INVALID_URL: 'The request URL is malformed',
  HPE_INVALID_VERSION: 'The HTTP version is not supported',
}

function parseFaultReason(error: NodeJS.ErrnoException & { reason?: unknown }): string {
  // Transfer-Encoding before Content-Length comes as an invalid Content-Length: only llhttp's reason tells.
  if (
    error.code === 'HPE_INVALID_CONTENT_LENGTH' &&
    typeof error.reason === 'string' &&
    error.reason.includes('Transfer-Encoding')
  ) {
    return BOTH_LENGTHS
  }
  return PARSE_FAULTS[error.code ?? ''] ?? 'The request is not valid HTTP/1.1'
}

/** The contract's error answer for a request Node refused before any route saw it. */
export function clientErrorAnswer(error: NodeJS.ErrnoException): ApiError {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return new ApiError(431, undefined, 'Request headers are too large')
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ApiError(408, undefined, 'The request did not arrive in time')
    default:
      return validationError({ request: parseFaultReason(error) })
  }
}

/**
 * Writes the answer on the raw socket (no reply object exists yet), with the API's security
 * headers, then closes the connection, as Node's own handler does.
 */
export function answerClientError(
  socket: Socket,
  answer: ApiError,
  securityHeaders: Readonly<Record<string, string>>,
): void {
  if (socket.writable) {
    const body = JSON.stringify(errorBody(answer, false))
    const headers: Record<string, string> = {
      ...securityHeaders,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    }
    const head = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('')
    socket.write(`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}\r\n${head}\r\n${body}`)
  }
  socket.destroy()
}
