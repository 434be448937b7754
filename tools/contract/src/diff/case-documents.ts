// The small documents the diff's case tests are written in (judgement.test.ts,
// oasdiff-replayed.test.ts), kept beside them: src/ imports nothing of test/. One operation whose
// every part may hold a schema.

// biome-ignore lint/suspicious/noExplicitAny: small documents written as plain data
export type Loose = any

/** The versions a case runs in where both write it alike. */
export const VERSIONS = ['3.0.3', '3.1.0'] as const
export type Version = (typeof VERSIONS)[number]

export const documentOf = (version: string, paths: Loose, components: Loose = {}) => ({
  openapi: version,
  info: { title: 'case', version: '1' },
  paths,
  components,
})

/** One operation holding a request body, a query and a header parameter, a 200 with a header. */
export function operationWith(parts: {
  body?: Loose
  query?: Loose
  header?: Loose
  response?: Loose
  responseHeader?: Loose
}): Loose {
  return {
    '/things': {
      post: {
        parameters: [
          { name: 'q', in: 'query', schema: parts.query ?? { type: 'string' } },
          { name: 'X-Mode', in: 'header', schema: parts.header ?? { type: 'string' } },
        ],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: parts.body ?? { type: 'string' } } },
        },
        responses: {
          '200': {
            description: 'ok',
            headers: { 'X-State': { schema: parts.responseHeader ?? { type: 'string' } } },
            content: { 'application/json': { schema: parts.response ?? { type: 'string' } } },
          },
        },
      },
    },
  }
}
