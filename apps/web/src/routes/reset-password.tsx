import { createFileRoute } from '@tanstack/react-router'
import { ResetPasswordShell } from '../features/reset-password/components/reset-password-shell'
import { pageHead } from '../lib/head'

export const Route = createFileRoute('/reset-password')({
  head: () => pageHead({ code: 'reset.heading' }, 'meta.resetPassword.description'),
  component: ResetPasswordShell,
})
