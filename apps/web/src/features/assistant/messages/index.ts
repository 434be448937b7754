import { createFeatureMessages } from '../../../lib/i18n/feature-messages'
import { assistantEn } from './en'

export const assistantMessages = createFeatureMessages(assistantEn, () =>
  import('./ka').then((module) => module.assistantKa),
)
