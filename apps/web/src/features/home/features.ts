import type { MessageCode } from '@devenv/domain/messages'
import type { IconName } from '../../components/ui/icons'
import type { WebMessageCode } from '../../lib/i18n/messages/en'

export const FEATURES: ReadonlyArray<{ title: MessageCode; text: WebMessageCode; icon: IconName }> =
  [
    {
      title: 'home.feature.instantProvisioning',
      text: 'home.feature.instantProvisioning.text',
      icon: 'bolt',
    },
    {
      title: 'home.feature.aiIntegration',
      text: 'home.feature.aiIntegration.text',
      icon: 'sparkles',
    },
    {
      title: 'home.feature.enterpriseSecurity',
      text: 'home.feature.enterpriseSecurity.text',
      icon: 'shield',
    },
    { title: 'home.feature.autoScaling', text: 'home.feature.autoScaling.text', icon: 'scale' },
    { title: 'home.feature.globalAccess', text: 'home.feature.globalAccess.text', icon: 'globe' },
    {
      title: 'home.feature.devopsIntegration',
      text: 'home.feature.devopsIntegration.text',
      icon: 'pipeline',
    },
  ]

export const STATS: ReadonlyArray<{ value: WebMessageCode; label: WebMessageCode }> = [
  { value: 'home.stats.provisioning.value', label: 'home.stats.provisioning.label' },
  { value: 'home.stats.uptime.value', label: 'home.stats.uptime.label' },
  { value: 'home.stats.clients.value', label: 'home.stats.clients.label' },
  { value: 'home.stats.support.value', label: 'home.stats.support.label' },
]
