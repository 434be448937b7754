import type { MessageCode } from '@devenv/domain/messages'
import type { IconName } from '../../components/ui/icons'

/** The technology stack by category; product names read the same in every language. */
export const TECHNOLOGY_STACK: ReadonlyArray<{
  category: MessageCode
  icon: IconName
  items: readonly string[]
}> = [
  {
    category: 'home.stack.infrastructure',
    icon: 'server',
    items: ['Kubernetes', 'Proxmox VE', 'Ceph', 'Terraform'],
  },
  {
    category: 'home.stack.development',
    icon: 'code',
    items: ['VS Code Server', 'Git', 'Docker', 'GitLab CI'],
  },
  {
    category: 'home.stack.aiAnalytics',
    icon: 'chart',
    items: ['Ollama', 'Llama 3', 'Prometheus', 'Grafana'],
  },
  {
    category: 'home.stack.security',
    icon: 'lock',
    items: ['Keycloak', 'Vault', 'WireGuard', 'Falco'],
  },
]
