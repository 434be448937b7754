import { createFileRoute } from '@tanstack/react-router'
import { PricingPage } from '../features/pricing/components/pricing-page'
import { pageHead } from '../lib/head'

export const Route = createFileRoute('/pricing')({
  head: () => pageHead({ code: 'meta.pricing.title' }, 'meta.pricing.description'),
  component: PricingPage,
})
