import { createFileRoute } from '@tanstack/react-router'
import { LegalPage } from '../../features/legal/components/legal-page'
import { pageHead } from '../../lib/head'

export const Route = createFileRoute('/legal/privacy-policy')({
  head: () => pageHead({ code: 'meta.privacy.title' }, 'meta.privacy.description'),
  component: PrivacyPolicy,
})

function PrivacyPolicy() {
  return (
    <LegalPage
      heading="legal.privacy.heading"
      paragraphs={['legal.privacy.p1', 'legal.privacy.p2', 'legal.privacy.p3']}
    />
  )
}
