import { createFileRoute } from '@tanstack/react-router'
import { ResetPasswordPage } from '../features/reset-password/components/reset-password-page'
import { pageHead } from '../lib/head'

export const Route = createFileRoute('/reset-password')({
  head: () => pageHead({ code: 'reset.heading' }, 'meta.resetPassword.description'),
  component: ResetPasswordPage,
})
