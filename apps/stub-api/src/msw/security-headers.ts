import type { SerialisedAnswer } from '../core'

/**
 * The security headers @fastify/helmet gives the Fastify adapter's answers, as constants: helmet
 * itself is a Node middleware and cannot run in a browser. `security-headers.test.ts` asks helmet
 * for the Fastify adapter's policies and fails when these drift from them.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy':
    "default-src 'none';frame-ancestors 'none';base-uri 'none';form-action 'none'",
  'cross-origin-resource-policy': 'cross-origin',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
}

/** The development pages' policy (mailbox, single sign-on receiver): inline styles, no scripts. */
export const PAGE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy':
    "default-src 'none';style-src 'unsafe-inline';img-src data:;form-action 'self';base-uri 'none';frame-ancestors 'none'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
}

export function securityHeadersOf(answer: SerialisedAnswer): Readonly<Record<string, string>> {
  return answer.page ? PAGE_SECURITY_HEADERS : API_SECURITY_HEADERS
}
