import { type ContactForm, contactPayload } from '@devenv/domain/contact'
import { useMutation } from '@tanstack/react-query'

/** POST /contact with the form plus timestamp, source and user agent; an unchosen team size is left out. */
export async function submitContact(form: ContactForm) {
  const { teamSize, ...payload } = contactPayload(form, {
    now: Date.now(),
    userAgent: navigator.userAgent,
  })
  const body = teamSize === '' ? payload : { ...payload, teamSize }
  if (body.inquiryType === '') throw new Error('An inquiry type is required')
  // The client is fetched on the first submission, not with the page.
  const [{ api }, { dataOf }] = await Promise.all([
    import('../../../lib/api-client'),
    import('@devenv/api-client'),
  ])
  return dataOf(api.POST('/contact', { body: { ...body, inquiryType: body.inquiryType } }))
}

export function useSubmitContact() {
  return useMutation({ mutationFn: submitContact })
}
