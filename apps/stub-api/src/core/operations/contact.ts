import {
  DEMO_LENGTH_MINUTES,
  INQUIRY_TYPES,
  type InquiryType,
  RESPONSE_TIME_HOURS,
} from '@devenv/domain/contact'
import { en, translate } from '@devenv/domain/messages'
import type { StubContext } from '../context'
import { validationError } from '../contract/errors'
import type { DefineOperation } from '../contract/operations'
import type { CoreRequest } from '../request'
import { appendBounded, receivedEntry, SUBMISSION_LIMIT } from '../state/store'

/** The promise of the contact page for each inquiry type, in hours. */
export function responseHours(inquiryType: InquiryType): number {
  if (inquiryType === 'enterprise') return RESPONSE_TIME_HOURS.enterpriseSales
  if (inquiryType === 'support') return RESPONSE_TIME_HOURS.technicalSupport
  return RESPONSE_TIME_HOURS.general
}

const received = (request: CoreRequest) => receivedEntry(request.store, request.body)

export function contactOperations(ctx: StubContext, define: DefineOperation) {
  const demoDateBounds = ctx.rules.dateBounds.filter((each) => each.operationId === 'requestDemo')
  // One sentence per inquiry type, worked out once; every type has one.
  const thanks = Object.fromEntries(
    INQUIRY_TYPES.map((type) => [
      type,
      translate(en, 'contact.success', { hours: responseHours(type) }),
    ]),
  ) as Record<InquiryType, string>
  define(
    'submitContact',
    'POST /contact',
  )(async (request) => {
    const entry = received(request)
    appendBounded(request.store.contacts, entry, SUBMISSION_LIMIT)
    const message = thanks[request.body.inquiryType]
    return { status: 201, json: { id: entry.id, message } }
  })

  define(
    'requestDemo',
    'POST /demo/request',
  )(async (request) => {
    // `notBefore: today` in UTC is the only bound the contract's definition allows.
    const today = new Date(request.store.now()).toISOString().slice(0, 10)
    for (const { field } of demoDateBounds) {
      const day = (request.body as Record<string, unknown>)[field]
      if (typeof day === 'string' && day < today) {
        throw validationError({
          [field]: `The preferred date must not be in the past (today is ${today}, UTC)`,
        })
      }
    }
    const entry = received(request)
    appendBounded(request.store.demoRequests, entry, SUBMISSION_LIMIT)
    const message = `Thank you! Sales will confirm a time for your ${DEMO_LENGTH_MINUTES}-minute demo by email within ${RESPONSE_TIME_HOURS.enterpriseSales} hours.`
    return { status: 201, json: { id: entry.id, message } }
  })
}
