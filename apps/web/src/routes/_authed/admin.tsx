import { createFileRoute } from '@tanstack/react-router'
import { AssistantPanel } from '../../features/assistant/components/assistant-panel'
import { EnvironmentsDashboard } from '../../features/environments/components/environments-dashboard'
import { pageHead } from '../../lib/head'

export const Route = createFileRoute('/_authed/admin')({
  head: () => pageHead({ code: 'meta.admin.title' }, 'meta.private.description'),
  component: Admin,
})

/** The environments dashboard with the AI assistant below it (code-split with this route). */
function Admin() {
  return (
    <>
      <EnvironmentsDashboard />
      <AssistantPanel />
    </>
  )
}
