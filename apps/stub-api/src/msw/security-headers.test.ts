import type { FastifyHelmetOptions } from '@fastify/helmet'
import { describe, expect, it } from 'vitest'
import { API_HELMET, DEV_PAGE_HELMET, helmetHeaders } from '../node/headers'
import { API_SECURITY_HEADERS, PAGE_SECURITY_HEADERS } from './security-headers'

describe('the MSW adapter security headers', () => {
  it('are the ones helmet gives the Fastify adapter answers', async () => {
    expect(API_SECURITY_HEADERS).toEqual(await helmetHeaders(API_HELMET))
  })

  it('are the ones helmet gives the Fastify adapter development pages', async () => {
    expect(PAGE_SECURITY_HEADERS).toEqual(
      await helmetHeaders(DEV_PAGE_HELMET as FastifyHelmetOptions),
    )
  })
})
