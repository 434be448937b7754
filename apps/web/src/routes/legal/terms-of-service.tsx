import { createFileRoute } from '@tanstack/react-router'
import { LegalPage } from '../../features/legal/components/legal-page'
import { pageHead } from '../../lib/head'

export const Route = createFileRoute('/legal/terms-of-service')({
  head: () => pageHead({ code: 'meta.terms.title' }, 'meta.terms.description'),
  component: TermsOfService,
})

function TermsOfService() {
  return (
    <LegalPage
      heading="legal.terms.heading"
      paragraphs={['legal.terms.p1', 'legal.terms.p2', 'legal.terms.p3']}
    />
  )
}
